package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the engine gets its agent, in fresh JVMs: the kit's own {@code -javaagent} (no attach, no warning;
 * the JDBC advice is woven from the start unless the agent argument is {@code lazy}), or a self-attach that
 * on JDK 21+ prints exactly one warning saying how to avoid it.
 */
class AgentInstallationTest {

    private static final String WARNING =
            "[DeliveryKit] WARNING: the boundary engine attached its Java agent to this" + " running JVM.";

    @TempDir
    Path dir;

    @Test
    void withTheKitsJavaagentThePremainInstrumentationIsUsedAndNothingIsPrinted() throws IOException {
        Path agentJar = manifestOnlyAgentJar();

        ChildResult result = ChildJvm.mainClass(InstallProbe.class)
                .jvmArgs("-javaagent:" + agentJar)
                .run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdoutLines().get(0)).isEqualTo("KIT_JAVAAGENT");
        assertThat(result.stdoutLines().get(2)).isEqualTo("true");
        assertThat(result.stderr()).doesNotContain("DeliveryKit");
    }

    @Test
    void withTheKitsJavaagentJdbcClassesAreWovenAsTheyLoadSoStatementsPreparedBeforeTheFirstRunAreKnown()
            throws IOException {
        Path agentJar = manifestOnlyAgentJar();

        ChildResult result = ChildJvm.mainClass(EarlyWeavingProbe.class)
                .args(dir.toString())
                .jvmArgs("-javaagent:" + agentJar)
                .run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdoutLines()).as(result.toString()).containsExactly("true", "crashed");
    }

    @Test
    void withTheLazyArgumentTheKitsJavaagentWeavesNothingBeforeTheFirstRun() throws IOException {
        Path agentJar = manifestOnlyAgentJar();

        ChildResult result = ChildJvm.mainClass(EarlyWeavingProbe.class)
                .args(dir.toString())
                .jvmArgs("-javaagent:" + agentJar + "=lazy")
                .run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        // The driver was loaded and the statement prepared before the first run wove the driver: its SQL is unknown.
        assertThat(result.stdoutLines()).as(result.toString()).containsExactly("false", "not reached");
    }

    @Test
    void withoutAnAgentTheEngineAttachesItselfAndWarnsOnceOnJdk21AndLater() {
        ChildResult result = ChildJvm.mainClass(InstallProbe.class).run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdoutLines().get(0)).isEqualTo("SELF_ATTACHED");
        int warnings = result.stderr().split(Pattern.quote(WARNING), -1).length - 1;
        assertThat(warnings).isEqualTo(Runtime.version().feature() >= 21 ? 1 : 0);
        if (warnings == 1) {
            assertThat(result.stderr())
                    .contains(" Fix: add -javaagent:<path to testkit-core jar> to the JVM options"
                            + " (with Maven: surefire <argLine>), or -XX:+EnableDynamicAgentLoading to allow dynamic loading"
                            + " explicitly.");
        }
    }

    @Test
    void selfAttachIsQuickerWhenTheJvmAllowsAttachingToItself() {
        ChildResult result = ChildJvm.mainClass(InstallProbe.class)
                .jvmArgs("-Djdk.attach.allowAttachSelf=true")
                .run();

        assertThat(result.stdoutLines().get(0)).isEqualTo("SELF_ATTACHED");
    }

    private Path manifestOnlyAgentJar() throws IOException {
        return TestAgentJar.in(dir);
    }
}
