package dev.deliverykit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every message of the prepare-agent goal, whole, once. */
class PrepareAgentMessagesTests {

    @Test
    void noExtension() {
        assertThat(PrepareAgentMessages.noExtension("com.example:shop:jar:1.0")).isEqualTo("""
                        DeliveryKit's prepare-agent found no dev.deliverykit:testkit-junit5 among the test dependencies \
                        of com.example:shop:jar:1.0: the agent is for the kit's crash tests, which need it. Add it (its \
                        version from deliverykit-bom):
                            <dependency>
                              <groupId>dev.deliverykit</groupId>
                              <artifactId>testkit-junit5</artifactId>
                              <scope>test</scope>
                            </dependency>
                        or leave deliverykit-maven-plugin out of this module's build.""");
    }

    @Test
    void noAgent() {
        assertThat(PrepareAgentMessages.noAgent("com.example:shop:jar:1.0", "dev.deliverykit:testkit-junit5:0.1.0"))
                .isEqualTo("DeliveryKit's prepare-agent found dev.deliverykit:testkit-junit5:0.1.0 among the test"
                        + " dependencies of com.example:shop:jar:1.0, but not dev.deliverykit:testkit-core, the agent's"
                        + " jar, which testkit-junit5 brings: remove the <exclusion> of testkit-core from the"
                        + " dependencies of com.example:shop:jar:1.0.");
    }

    @Test
    void notAJar() {
        assertThat(PrepareAgentMessages.notAJar(
                        "com.example:shop:jar:1.0",
                        "dev.deliverykit:testkit-core:0.1.0",
                        Path.of("/build/testkit-core/target/classes")))
                .isEqualTo("DeliveryKit's prepare-agent needs the testkit-core jar as the agent of"
                        + " com.example:shop:jar:1.0's tests, but dev.deliverykit:testkit-core:0.1.0 resolved to"
                        + " /build/testkit-core/target/classes, which is not a jar (a module of the same build that is"
                        + " not packaged yet): build the modules up to the package phase (mvn verify), or install"
                        + " testkit-core first.");
    }

    @Test
    void notAJarWithoutAFile() {
        assertThat(PrepareAgentMessages.notAJar("com.example:shop:jar:1.0", "dev.deliverykit:testkit-core:0.1.0", null))
                .isEqualTo("DeliveryKit's prepare-agent needs the testkit-core jar as the agent of"
                        + " com.example:shop:jar:1.0's tests, but dev.deliverykit:testkit-core:0.1.0 resolved to no"
                        + " file, which is not a jar (a module of the same build that is not packaged yet): build the"
                        + " modules up to the package phase (mvn verify), or install testkit-core first.");
    }

    @Test
    void set() {
        assertThat(PrepareAgentMessages.set("argLine", "-Xmx1g -javaagent:/r/testkit-core.jar"))
                .isEqualTo("argLine set to -Xmx1g -javaagent:/r/testkit-core.jar");
    }

    @Test
    void skipped() {
        assertThat(PrepareAgentMessages.skipped("skipTests"))
                .isEqualTo("DeliveryKit's prepare-agent skipped: skipTests is set.");
    }
}
