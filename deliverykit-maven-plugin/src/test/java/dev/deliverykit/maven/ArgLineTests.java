package dev.deliverykit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ArgLineTests {

    static final Path JAR = Path.of("/repo/dev/deliverykit/testkit-core/0.1.0/testkit-core-0.1.0.jar");

    @Test
    void anUndefinedOrBlankPropertyBecomesTheAgentAlone() {
        assertThat(ArgLine.withAgent(null, JAR)).isEqualTo("-javaagent:" + JAR);
        assertThat(ArgLine.withAgent(" ", JAR)).isEqualTo("-javaagent:" + JAR);
    }

    @Test
    void theAgentComesAfterWhatThePropertyHolds() {
        assertThat(ArgLine.withAgent("-javaagent:/repo/jacocoagent.jar=destfile=jacoco.exec -Xmx1g ", JAR))
                .isEqualTo("-javaagent:/repo/jacocoagent.jar=destfile=jacoco.exec -Xmx1g -javaagent:" + JAR);
    }

    @Test
    void aLineThatHasTheAgentAlreadyIsKept() {
        String once = ArgLine.withAgent("-Xmx1g", JAR);

        assertThat(ArgLine.withAgent(once, JAR)).isEqualTo("-Xmx1g -javaagent:" + JAR);
    }

    @Test
    void aPathWithASpaceIsQuoted() {
        Path jar = Path.of("/home/a user/.m2/testkit-core-0.1.0.jar");

        assertThat(ArgLine.withAgent("-Xmx1g", jar))
                .isEqualTo("-Xmx1g \"-javaagent:/home/a user/.m2/testkit-core-0.1.0.jar\"");
    }
}
