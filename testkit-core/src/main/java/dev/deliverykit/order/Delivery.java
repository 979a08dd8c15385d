package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

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
 * @param outcome     whether the body returned (and what) or threw (and what)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Delivery(int position, String messageId, DeliveryKind kind, String thread, CallOutcome outcome) {

    /** Checks for nulls. */
    public Delivery {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** What the body returned (boxed): {@code null} for {@code void} and when it threw. */
    public Object returnValue() {
        return outcome instanceof CallOutcome.Returned returned ? returned.value() : null;
    }

    /** What the body threw, if it threw. */
    public Optional<Throwable> thrown() {
        return outcome instanceof CallOutcome.Threw threw ? Optional.of(threw.failure()) : Optional.empty();
    }

    /** {@code 1:A3 RELEASED returned ACCEPTED}, or {@code 2:A1 ADMITTED threw java.lang.IllegalStateException: ...}. */
    public String describe() {
        return position + ":" + messageId + " " + kind + (outcome instanceof CallOutcome.Threw threw
                ? " threw " + threw.failure() : " returned " + returnValue());
    }
}
