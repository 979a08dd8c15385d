package com.example.orders;

import com.example.orders.db.Database;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The relay for several replicas at once: each run first claims a batch of unpublished messages for
 * {@link #LEASE} (a claim whose lease ran out is taken over), then publishes each one it claimed in one
 * transaction of its own: it marks the message published only if its claim still holds and nobody published it,
 * hands it to the {@link MessageHandler} inside that transaction, and commits. A replica that paused past its
 * lease (a GC pause, a slow handler) finds its mark refused and skips the send: the replica that took the
 * message over sends it. A crash before the commit leaves the message unpublished, so delivery stays at least
 * once for the consumer's dedup to absorb.
 *
 * <p>One run: {@code UPDATE outbox_message SET claimed_by = ?, lease_until = ? ...} and {@code SELECT} what it
 * claimed, {@code commit()}; then per message: {@code UPDATE outbox_message SET published_at = ? WHERE message_id
 * = ? AND claimed_by = ? AND lease_until >= ? AND published_at IS NULL}, {@link MessageHandler#handle(Message)}
 * if that marked the row, {@code commit()}. Times come from the given {@code Clock}, never from the database.
 *
 * <pre>{@code
 * LeasedOutboxRelay relay = new LeasedOutboxRelay(orderDb, partner, "relay-" + hostName, Clock.systemUTC());
 * int published = relay.publishPending();
 * }</pre>
 */
public final class LeasedOutboxRelay {

    /** How long a claim holds: longer than a run takes, shorter than the wait for a dead replica's messages. */
    public static final Duration LEASE = Duration.ofSeconds(30);

    /** How many messages one run claims at most. */
    public static final int BATCH = 100;

    private final Database orderDb;
    private final MessageHandler handler;
    private final String relayId;
    private final Clock clock;

    /** A relay that claims as {@code relayId}, which must differ between the replicas. */
    public LeasedOutboxRelay(Database orderDb, MessageHandler handler, String relayId, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.relayId = Objects.requireNonNull(relayId, "relayId");
        this.clock = Objects.requireNonNull(clock, "clock");
        OrderSchema.createIfMissing(orderDb);
    }

    /**
     * Claims a batch and publishes what it still holds; returns how many messages this run published.
     *
     * @throws MessageRejectedException if the handler refuses a message; it stays unpublished (its claim runs out),
     *     and so do the ones after it in this run
     * @throws RuntimeException whatever the handler throws; that message stays unpublished
     */
    public int publishPending() {
        Instant now = clock.instant();
        List<Message> claimed = orderDb.inTransaction(
                "claim messages for " + relayId, c -> Outbox.claim(c, relayId, now, now.plus(LEASE), BATCH));
        int published = 0;
        for (Message message : claimed) {
            int publishedBefore = published;
            boolean sent = orderDb.inTransaction("publish " + message.messageId() + " as " + relayId, c -> {
                if (!Outbox.markPublishedIfClaimed(c, message.messageId(), relayId, clock.instant())) {
                    return false; // the claim ran out: whoever took the message over sends it
                }
                HandleOutcome outcome = handler.handle(message);
                if (!outcome.isDelivered()) {
                    throw new MessageRejectedException(message, outcome, publishedBefore);
                }
                return true;
            });
            if (sent) {
                published++;
            }
        }
        return published;
    }
}
