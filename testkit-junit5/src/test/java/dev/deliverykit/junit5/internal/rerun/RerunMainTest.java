package dev.deliverykit.junit5.internal.rerun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.instrument.Instrumenter;
import org.junit.jupiter.api.Test;

/** A CHILD_PROCESS case's child is one of the kit's: its agent weaves the JDK while the child starts. */
class RerunMainTest {

    @Test
    void theAgentTakesARerunChildForAKitChild() {
        assertThat(Instrumenter.isKitChildCommand(RerunMain.class.getName())).isTrue();
        assertThat(Instrumenter.isKitChildCommand(RerunMain.class.getName() + " [engine:junit-jupiter]/[class:Cases]"))
                .isTrue();
    }
}
