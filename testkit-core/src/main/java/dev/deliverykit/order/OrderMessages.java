package dev.deliverykit.order;

import dev.deliverykit.internal.text.Message;
import java.util.List;

/**
 * The messages of a delivery order that cannot be read or run, or ran and was not honoured. An order written wrong
 * gets a sentence and what was expected, as a value the user typed.
 */
final class OrderMessages {

    private OrderMessages() {}

    /** {@code text} is blank. */
    static String noMessageIn(String text) {
        return "Cannot read a delivery order from \"" + text + "\": it names no message. Expected message ids"
                + " separated by commas, for example \"A3,A1,A2,A3\".";
    }

    /** Message {@code position} of the {@code count} of {@code text} is empty. */
    static String emptyMessageIn(String text, int position, int count) {
        return "Cannot read a delivery order from \"" + text + "\": message " + position + " of " + count
                + " is empty. Expected message ids separated by single commas, for example \"A3,A1,A2,A3\".";
    }

    /** An order of no ids. */
    static String noMessages() {
        return "A delivery order names at least one message; got none.";
    }

    /** {@code replayKey} has no {@code field=} entry. */
    static String noOrderIn(String replayKey, String field) {
        return "The replay key \"" + replayKey + "\" has no " + field + "= entry. Expected entries separated by"
                + " ';', one of them like order=A3,A1,A2,A3.";
    }

    /** {@code ids} to permute repeat one. */
    static String repeatedToPermute(List<String> ids) {
        return "Cannot permute " + String.join(",", ids) + ": an id is repeated. Expected distinct ids; to deliver a"
                + " duplicate, write the order out, such as \"A3,A1,A2,A3\".";
    }

    /** An id of {@code where} is null. */
    static String nullId(String where) {
        return "A message id in " + where + " is null. Expected 1 to " + DeliveryOrder.MAX_ID_LENGTH
                + " characters without white space, ',', ';' or '='.";
    }

    /** {@code id} of {@code where} cannot stand in an order or a replay key. */
    static String idNotAllowed(String id, String where) {
        return "The message id \"" + id + "\" in " + where + " is not allowed. Expected 1 to "
                + DeliveryOrder.MAX_ID_LENGTH + " characters without white space, control characters, ',', ';' or"
                + " '=' (they separate orders and replay keys).";
    }

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

    /**
     * The delivery of {@code replayKey} at {@code reference} ended while call {@code held} was held on
     * {@code thread}, because of {@code workloadFailure} if not null.
     */
    static String endedWhileHeld(
            String replayKey, String reference, String held, String thread, Throwable workloadFailure) {
        return "The ordered delivery of " + replayKey + " at " + reference + " ended while " + held
                + " was held on thread " + thread
                + (workloadFailure == null ? "" : ", because the workload threw " + workloadFailure)
                + "; its call was not delivered.";
    }

    /** A time limit {@code maximumWait} that is not positive. */
    static String timeoutNotPositive(Object maximumWait) {
        return "the timeout must be positive, got " + maximumWait;
    }

    /** The expected messages {@code expected} repeat an id. */
    static String expectedRepeat(List<String> expected) {
        return "The expected messages " + String.join(",", expected) + " repeat an id. Expected each message the"
                + " workload sends once.";
    }
}
