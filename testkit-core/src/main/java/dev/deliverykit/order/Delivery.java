package dev.deliverykit.order;

import java.util.Objects;
import java.util.Optional;

/**
 * One delivery of a run: the message at one position of the order, and how its call ended.
 *
 * <pre>{@code
 * Delivery first = result.deliveries().get(0);
 * first.position();      // 1
 * first.messageId();     // "A3"
 * first.returnValue();   // ACCEPTED, what receive(A3) returned
 * }</pre>
 *
 * @param position    1-based position in the order
 * @param messageId   the message delivered
 * @param kind        how the delivery came about
 * @param thread      name of the thread that ran the body
 * @param outcome     whether the body returned or threw
 * @param returnValue what the body returned (boxed), {@code null} for {@code void}, {@code null} when it threw
 * @param failure     what the body threw, {@code null} when it returned
 */
public record Delivery(int position, String messageId, DeliveryKind kind, String thread, CallOutcome outcome,
        Object returnValue, Throwable failure) {

    /** Checks that a failure is present exactly when the body threw. */
    public Delivery {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(outcome, "outcome");
        if ((failure != null) != (outcome == CallOutcome.THREW) || (failure != null && returnValue != null)) {
            throw new IllegalArgumentException("a delivery cannot have outcome " + outcome + ", return value "
                    + returnValue + " and failure " + failure);
        }
    }

    /** What the body threw, if it threw. */
    public Optional<Throwable> thrown() {
        return Optional.ofNullable(failure);
    }

    /** {@code 1:A3 RELEASED returned ACCEPTED}, or {@code 2:A1 ADMITTED threw java.lang.IllegalStateException: ...}. */
    public String describe() {
        return position + ":" + messageId + " " + kind + (outcome == CallOutcome.RETURNED
                ? " returned " + returnValue : " threw " + failure);
    }
}
