package com.example.orders.before;

import com.example.orders.HandleOutcome;
import com.example.orders.LeasedOutboxRelay;
import com.example.orders.Message;
import com.example.orders.MessageHandler;
import com.example.orders.OrderSchema;
import com.example.orders.Outbox;
import com.example.orders.db.Database;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * THE "BEFORE" VERSION, KEPT ON PURPOSE in the test sources: the leased relay as it was first written, which trusts
 * its lease. Production code uses {@link LeasedOutboxRelay}.
 *
 * <p>It claims a batch for {@link LeasedOutboxRelay#LEASE} exactly as the fixed relay does, then hands each claimed
 * message to the handler and marks it published by its id, reasoning "I claimed it, so it is mine". True while every
 * run ends within its lease; but a replica that pauses past it (a GC pause, a slow handler) comes back to messages
 * another replica took over and sent, and sends them again: a receiver without dedup gets every such message twice.
 * No crash shows it (a dead replica never comes back to send), and neither does any test of one replica.
 *
 * <p>One run: the claim ({@code UPDATE outbox_message SET claimed_by = ?, lease_until = ? ...}, {@code SELECT},
 * {@code commit()}), then per message: {@link MessageHandler#handle(Message)}, then {@code UPDATE outbox_message
 * SET published_at = ? WHERE message_id = ? ...} and {@code commit()}: nothing checks that the claim still holds.
 *
 * <pre>{@code
 * new TrustingLeasedOutboxRelay(orderDb, partner, "relay-a", Clock.systemUTC()).publishPending();
 * }</pre>
 */
public final class TrustingLeasedOutboxRelay {

    private final Database orderDb;
    private final MessageHandler handler;
    private final String relayId;
    private final Clock clock;

    public TrustingLeasedOutboxRelay(Database orderDb, MessageHandler handler, String relayId, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.relayId = Objects.requireNonNull(relayId, "relayId");
        this.clock = Objects.requireNonNull(clock, "clock");
        OrderSchema.createIfMissing(orderDb);
    }

    /** Claims a batch, then delivers and marks every message it claimed; returns how many it published. */
    public int publishPending() {
        Instant now = clock.instant();
        List<Message> claimed = orderDb.inTransaction(
                "claim messages for " + relayId,
                c -> Outbox.claim(c, relayId, now, now.plus(LeasedOutboxRelay.LEASE), LeasedOutboxRelay.BATCH));
        int published = 0;
        for (Message message : claimed) {
            HandleOutcome outcome = handler.handle(message);
            if (!outcome.isDelivered()) {
                throw new IllegalStateException("the consumer answered " + outcome + " for " + message.messageId());
            }
            orderDb.inTransaction("mark " + message.messageId() + " published", c -> {
                Outbox.markPublished(c, message.messageId(), clock.instant());
                return null;
            });
            published++;
        }
        return published;
    }
}
