package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The answer of {@link Orchestrator#submit}: one record per {@link SubmitOutcome}, each with what the outbox
 * did with the local record; only {@link Sent} carries a delivery.
 *
 * <pre>{@code
 * SubmitResult first = orchestrator.submit(intent);    // Sent, with its delivery
 * SubmitResult again = orchestrator.submit(intent);    // AlreadyRecorded, no delivery
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface SubmitResult permits SubmitResult.Sent, SubmitResult.AlreadyRecorded,
        SubmitResult.ConflictingIntent {

    /** What the outbox did with the local record. */
    AppendResult record();

    /**
     * Recorded now and sent once.
     *
     * @param record what the outbox did with the local record
     * @param sent the warehouse's answer and the local mark
     */
    record Sent(AppendResult record, CommandDelivery sent) implements SubmitResult {

        /** Checks for nulls. */
        public Sent {
            Objects.requireNonNull(record, "record");
            Objects.requireNonNull(sent, "sent");
        }
    }

    /**
     * The same intent was recorded before: nothing written, nothing sent. If it is still pending,
     * {@link Orchestrator#recover} delivers it.
     *
     * @param record what the outbox did with the local record
     */
    record AlreadyRecorded(AppendResult record) implements SubmitResult {

        /** Checks for null. */
        public AlreadyRecorded {
            Objects.requireNonNull(record, "record");
        }
    }

    /**
     * The reservation id is recorded with another part or quantity: nothing written, nothing sent.
     *
     * @param record what the outbox did with the local record
     */
    record ConflictingIntent(AppendResult record) implements SubmitResult {

        /** Checks for null. */
        public ConflictingIntent {
            Objects.requireNonNull(record, "record");
        }
    }

    /** What happened to the intent. */
    default SubmitOutcome outcome() {
        if (this instanceof Sent) {
            return SubmitOutcome.SENT;
        }
        return this instanceof AlreadyRecorded ? SubmitOutcome.ALREADY_RECORDED : SubmitOutcome.CONFLICTING_INTENT;
    }

    /** The delivery, present exactly when the outcome is {@link SubmitOutcome#SENT}. */
    default Optional<CommandDelivery> delivery() {
        return this instanceof Sent sent ? Optional.of(sent.sent()) : Optional.empty();
    }
}
