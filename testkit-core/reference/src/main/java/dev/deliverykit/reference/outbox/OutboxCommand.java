package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * One stored outbox row: a command with its deterministic id, as {@link TransactionalOutbox#pending()}
 * and {@link TransactionalOutbox#append} return it.
 *
 * <pre>{@code
 * for (OutboxCommand command : outbox.pending()) {
 *     ExecutionResult answer = receiver.execute(new IdempotencyKey("tenantA", command.commandId()), command.payload());
 *     outbox.markDone(command.commandId());
 * }
 * }</pre>
 *
 * @param commandId {@code workflow_id:event_seq:command_index}
 * @param workflowId the workflow whose event produced the command
 * @param eventSeq the producing event's sequence number in its workflow (from 1)
 * @param commandIndex the command's position among the event's commands (from 0)
 * @param kind what the receiver should do
 * @param payloadJson the payload as the canonical JSON that was stored
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record OutboxCommand(
        String commandId, String workflowId, long eventSeq, int commandIndex, String kind, String payloadJson) {

    /** The payload read back from its canonical JSON, as an unmodifiable map. */
    public Map<String, Object> payload() {
        return FlatParameters.parse(payloadJson);
    }
}
