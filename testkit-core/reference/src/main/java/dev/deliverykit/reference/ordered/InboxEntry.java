package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One stored inbox row.
 *
 * <pre>{@code
 * consumer.inbox();   // [InboxEntry[eventId=A2, ..., state=blocked, reason=Optional[unsupported_schema]], ...]
 * }</pre>
 *
 * @param eventId the event
 * @param flowId  its flow
 * @param seq     its sequence
 * @param body    the canonical body exactly as received
 * @param state   pending, blocked or applied
 * @param reason  why it is blocked, when it is
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InboxEntry(String eventId, String flowId, long seq, String body, InboxState state,
        Optional<BlockReason> reason) {
}
