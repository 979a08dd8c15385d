package dev.deliverykit.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;
import org.apache.maven.artifact.Artifact;

/**
 * The agent's jar among a project's resolved test dependencies: the testkit-core that Maven chose for the project
 * (the version its BOM or its dependency says), never a copy of its own.
 */
final class KitArtifacts {

    static final String GROUP = "dev.deliverykit";
    static final String EXTENSION = "testkit-junit5";
    static final String AGENT = "testkit-core";

    private KitArtifacts() {}

    /** The testkit-core jar, or a failure that says what is missing: the goal is for a project with crash tests. */
    static Path agentJar(String project, Collection<Artifact> testDependencies) throws MissingKitException {
        Artifact extension = find(testDependencies, EXTENSION)
                .orElseThrow(() -> new MissingKitException(PrepareAgentMessages.noExtension(project)));
        Artifact agent = find(testDependencies, AGENT)
                .orElseThrow(
                        () -> new MissingKitException(PrepareAgentMessages.noAgent(project, coordinates(extension))));
        Path jar = agent.getFile() == null ? null : agent.getFile().toPath();
        if (jar == null
                || !Files.isRegularFile(jar)
                || !jar.getFileName().toString().endsWith(".jar")) {
            throw new MissingKitException(PrepareAgentMessages.notAJar(project, coordinates(agent), jar));
        }
        return jar;
    }

    private static Optional<Artifact> find(Collection<Artifact> artifacts, String artifactId) {
        return artifacts.stream()
                .filter(artifact -> GROUP.equals(artifact.getGroupId()) && artifactId.equals(artifact.getArtifactId()))
                .filter(artifact -> artifact.getClassifier() == null
                        || artifact.getClassifier().isEmpty())
                .findFirst();
    }

    private static String coordinates(Artifact artifact) {
        return artifact.getGroupId() + ":" + artifact.getArtifactId() + ":" + artifact.getVersion();
    }

    /** What the goal fails the build with: the message says what to add or change. */
    static final class MissingKitException extends Exception {

        private static final long serialVersionUID = 1L;

        MissingKitException(String message) {
            super(message);
        }
    }
}
