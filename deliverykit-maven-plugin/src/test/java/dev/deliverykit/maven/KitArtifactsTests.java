package dev.deliverykit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar is the one Maven resolved for the project; what is missing is named (whole messages: the Tests of it). */
class KitArtifactsTests {

    @TempDir
    Path repository;

    @Test
    void theAgentIsTheResolvedTestkitCoreJar() throws Exception {
        Path core = jar("testkit-core-0.1.0.jar");

        Path agent = KitArtifacts.agentJar(
                "com.example:shop:jar:1.0",
                List.of(
                        artifact("org.junit.jupiter", "junit-jupiter-api", null, jar("api.jar")),
                        artifact("dev.deliverykit", "testkit-junit5", null, jar("testkit-junit5-0.1.0.jar")),
                        artifact("dev.deliverykit", "testkit-core", "tests", jar("testkit-core-0.1.0-tests.jar")),
                        artifact("dev.deliverykit", "testkit-core", null, core)));

        assertThat(agent).isEqualTo(core);
    }

    @Test
    void withoutTestkitJunit5TheGoalFails() throws Exception {
        List<Artifact> artifacts = List.of(artifact("dev.deliverykit", "testkit-core", null, jar("core.jar")));

        assertThatThrownBy(() -> KitArtifacts.agentJar("com.example:shop:jar:1.0", artifacts))
                .hasMessage(PrepareAgentMessages.noExtension("com.example:shop:jar:1.0"));
    }

    @Test
    void withoutTestkitCoreTheGoalNamesTheExclusion() throws Exception {
        List<Artifact> artifacts = List.of(artifact("dev.deliverykit", "testkit-junit5", null, jar("junit5.jar")));

        assertThatThrownBy(() -> KitArtifacts.agentJar("com.example:shop:jar:1.0", artifacts))
                .hasMessage(PrepareAgentMessages.noAgent(
                        "com.example:shop:jar:1.0", "dev.deliverykit:testkit-junit5:0.1.0"));
    }

    @Test
    void aTestkitCoreOfClassesIsNoAgent() throws Exception {
        Path classes = Files.createDirectories(repository.resolve("target/classes"));
        List<Artifact> artifacts = List.of(
                artifact("dev.deliverykit", "testkit-junit5", null, jar("junit5.jar")),
                artifact("dev.deliverykit", "testkit-core", null, classes));

        assertThatThrownBy(() -> KitArtifacts.agentJar("com.example:shop:jar:1.0", artifacts))
                .hasMessage(PrepareAgentMessages.notAJar(
                        "com.example:shop:jar:1.0", "dev.deliverykit:testkit-core:0.1.0", classes));
    }

    private Path jar(String name) throws IOException {
        return Files.write(repository.resolve(name), new byte[] {'P', 'K'});
    }

    private static Artifact artifact(String group, String id, String classifier, Path file) {
        DefaultArtifact artifact = new DefaultArtifact(
                group, id, "0.1.0", Artifact.SCOPE_TEST, "jar", classifier, new DefaultArtifactHandler("jar"));
        artifact.setFile(file.toFile());
        return artifact;
    }
}
