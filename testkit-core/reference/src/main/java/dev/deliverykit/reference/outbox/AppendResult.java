package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The answer of {@link TransactionalOutbox#append}.
 *
 * <pre>{@code
 * AppendResult appended = outbox.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"),
 *         List.of(new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))));
 * appended.outcome();       // APPENDED
 * appended.commandIds();    // [trip-001:1:0]
 * }</pre>
 *
 * @param outcome what happened
 * @param workflowId the workflow appended to
 * @param eventSeq the sequence number the append was for ({@code expectedSeq + 1})
 * @param currentSeq the workflow's latest sequence number after the call
 * @param commands the event's stored commands ({@code APPENDED}, {@code ALREADY_APPENDED}); empty when
 *     {@code STALE}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AppendResult(
        AppendOutcome outcome, String workflowId, long eventSeq, long currentSeq, List<OutboxCommand> commands) {

    /** Copies the command list. */
    public AppendResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(workflowId, "workflowId");
        commands = List.copyOf(commands);
    }

    /** The ids of {@link #commands()}, in command index order. */
    public List<String> commandIds() {
        return commands.stream().map(OutboxCommand::commandId).toList();
    }
}
