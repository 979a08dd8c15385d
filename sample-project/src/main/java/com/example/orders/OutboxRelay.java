package com.example.orders;

import com.example.orders.db.Database;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Delivers the order database's unpublished messages to a {@link MessageHandler}, oldest first, and marks
 * each one published in its own transaction AFTER the handler returned. A crash between the two leaves the
 * message unpublished, so the next run sends it again: delivery is at least once, and the consumer drops
 * the duplicate.
 *
 * <p>One run: {@code SELECT ... FROM outbox_message WHERE published_at IS NULL ORDER BY position}
 * (auto-commit read), then per message: {@link MessageHandler#handle(Message)}, then
 * {@code UPDATE outbox_message SET published_at = ? ...} and {@code commit()}.
 *
 * <pre>{@code
 * OutboxRelay relay = new OutboxRelay(orderDb, shippingConsumer, Clock.systemUTC());
 * int published = relay.publishPending();
 * }</pre>
 */
public final class OutboxRelay {

    private final Database orderDb;
    private final MessageHandler handler;
    private final Clock clock;

    public OutboxRelay(Database orderDb, MessageHandler handler, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.clock = Objects.requireNonNull(clock, "clock");
        OrderSchema.createIfMissing(orderDb);
    }

    /**
     * Delivers every unpublished message; returns how many were published.
     *
     * @throws MessageRejectedException if the handler refuses a message; it and the ones after it stay
     *     unpublished
     * @throws RuntimeException whatever the handler throws; that message and the ones after it stay
     *     unpublished and the next run sends them again
     */
    public int publishPending() {
        List<Message> pending = orderDb.read("read unpublished messages", Outbox::unpublished);
        int published = 0;
        for (Message message : pending) {
            HandleOutcome outcome = handler.handle(message);
            if (!outcome.isDelivered()) {
                throw new MessageRejectedException(message, outcome, published);
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
