package dev.deliverykit.time;

import dev.deliverykit.internal.text.Message;
import java.time.Duration;

/** The messages of the kit's clock used wrong. */
final class TimeMessages {

    private TimeMessages() {}

    /** A step of {@code step} was asked for: the kit's clock never goes back. */
    static Message negativeStep(Duration step) {
        return Message.of(
                "The kit's clock was asked to move by " + step + ", and it never goes back",
                "a step of zero or more",
                "give the time that passes, such as Duration.ofSeconds(31)");
    }
}
