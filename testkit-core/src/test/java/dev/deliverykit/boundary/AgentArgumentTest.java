package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildResult;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's one argument: {@code =lazy}, or nothing; anything else stops the JVM saying what to write. */
class AgentArgumentTest {

    @TempDir
    Path dir;

    @Test
    void aMistypedArgumentStopsTheJvmWithTheFix() throws IOException {
        ChildResult result = ChildJvm.mainClass(FirstJdbcUseProbe.class)
                .args(dir.toString())
                .jvmArgs("-javaagent:" + TestAgentJar.in(dir) + "=lasy")
                .run();

        assertThat(result.exitCode()).as(result.toString()).isEqualTo(1);
        assertThat(result.stdoutLines()).as(result.toString()).isEmpty();
        assertThat(result.stderr().strip())
                .as(result.toString())
                .isEqualTo("DeliveryKit agent: unknown argument"
                        + " \"lasy\" in -javaagent:<testkit-core jar>=lasy; expected no argument (weave the JDBC driver from"
                        + " JVM start) or \"lazy\" (weave at the first crash run). Fix the -javaagent option in the test"
                        + " JVM's arguments (surefire's argLine).");
    }
}
