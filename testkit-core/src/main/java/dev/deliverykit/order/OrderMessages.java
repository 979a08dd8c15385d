package dev.deliverykit.order;

import dev.deliverykit.internal.text.Message;
import java.util.List;

/** The messages of a delivery order that cannot run, or ran and was not honoured. */
final class OrderMessages {

    private OrderMessages() {}

    /** More ids to permute than the kit allows. */
    static Message tooManyToPermute(List<String> ids) {
        return Message.of(
                "Cannot permute " + ids.size() + " ids (" + String.join(",", ids) + "): that is more than "
                        + DeliveryOrder.MAX_PERMUTED_IDS + " ids",
                null,
                "permute fewer messages, or pick the orders to test with DeliveryOrder.parse");
    }

    /** Another ordered-delivery run holds the JVM-wide advice. */
    static Message runAlreadyActive(String active, String replayKey, String reference) {
        return Message.of(
                "Another ordered-delivery run is active in this JVM (" + active + "), so " + replayKey + " at "
                        + reference + " was not started. The kit's entry-point advice is JVM-wide, so runs cannot"
                        + " overlap",
                "one run at a time",
                "run these tests sequentially (no parallel JUnit execution for them), and do not start a run inside"
                        + " another run's workload");
    }

    /**
     * The order names ids the workload never sends.
     *
     * @param ids the unknown ids, quoted
     */
    static Message unknownMessages(
            String ids, List<String> unknown, String replayKey, List<String> expected, String reference) {
        return Message.of(
                "Unknown message" + (unknown.size() == 1 ? " " : "s ") + ids + " in " + replayKey
                        + ": the workload sends only " + String.join(", ", expected) + " to " + reference
                        + "; nothing was run.",
                "every id of the order to be one the workload sends.",
                "correct the order, or add " + String.join(", ", unknown) + " to expectingMessages(...).");
    }

    /**
     * An order the run did not honour.
     *
     * @param state the lines after the first: the mode, what arrived and was delivered
     */
    static Message notHonoured(String what, String state, String expected, String fix) {
        return Message.of("Order not honoured: " + what + "\n" + state, expected, fix);
    }

    /** {@code message} on lines, closed by the key that replays its order. */
    static String replayable(Message message, String replayKey) {
        return message.lines() + "\nReplay: " + replayKey;
    }
}
