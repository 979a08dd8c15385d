package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.instrument.Instrumenter;
import org.junit.jupiter.api.Test;

/**
 * Which JVMs the agent takes for the kit's case children, whose {@code premain} weaves the JDK too while their main
 * starts: only those running the kit's child main. A test JVM, or a user's or benchmark's main in the kit's packages,
 * leaves the JDK to its first run, so that a JVM that never runs a crash test does not pay for it.
 */
class KitChildMainTest {

    @Test
    void theKitsChildMainIsAKitChildWithOrWithoutArguments() {
        assertThat(Instrumenter.isKitChildCommand(ChildMain.class.getName())).isTrue();
        assertThat(Instrumenter.isKitChildCommand(ChildMain.class.getName() + " /tmp/run/plan /tmp/run/report Work"))
                .isTrue();
    }

    @Test
    void otherMainsAreNotEvenInTheKitsPackages() {
        assertThat(Instrumenter.isKitChildCommand(EarlyWeavingProbe.class.getName() + " /tmp/dir"))
                .isFalse();
        assertThat(Instrumenter.isKitChildCommand(ChildMain.class.getName() + "Probe /tmp/dir"))
                .isFalse();
        assertThat(Instrumenter.isKitChildCommand(
                        "org.apache.maven.surefire.booter.ForkedBooter /tmp/surefire 2026 surefire.tmp"))
                .isFalse();
        assertThat(Instrumenter.isKitChildCommand("")).isFalse();
    }
}
