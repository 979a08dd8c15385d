package dev.deliverykit.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimeMessagesTests {

    @Test
    void negativeStep() {
        assertThat(TimeMessages.negativeStep(Duration.ofSeconds(-5)).sentences())
                .isEqualTo("The kit's clock was asked to move by PT-5S, and it never goes back. Expected a step of zero"
                        + " or more. Fix: give the time that passes, such as Duration.ofSeconds(31).");
    }
}
