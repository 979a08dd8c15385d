package com.example.orders.before;

import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.MessageHandler;
import com.example.orders.OrderSchema;
import com.example.orders.Outbox;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * THE "BEFORE" VERSION, KEPT ON PURPOSE in the test sources: the relay as it was first written, with a classic
 * bug, which the crash tests must catch. Production code uses {@link OutboxRelay}.
 *
 * <p>It marks a message published (and commits) BEFORE it hands the message to the consumer, reasoning
 * "then we can never send it twice". True, but if the process dies (or the consumer throws) after that
 * commit and before the consumer has committed, the message is marked published and was never
 * delivered: no later run sends it again, and shipping never hears of the order. Without an interruption
 * it behaves exactly like {@link OutboxRelay}, which is why the bug survives ordinary tests.
 *
 * <p>One run: {@code SELECT ... FROM outbox_message WHERE published_at IS NULL ORDER BY position}, then per
 * message: {@code UPDATE outbox_message SET published_at = ? ...}, {@code commit()}, and only then
 * {@link MessageHandler#handle(Message)}. The bug lives between that {@code commit()} and the handler's
 * commit.
 *
 * <pre>{@code
 * new MarkFirstOutboxRelay(orderDb, shippingConsumer, Clock.systemUTC()).publishPending();
 * }</pre>
 */
public final class MarkFirstOutboxRelay {

    private final Database orderDb;
    private final MessageHandler handler;
    private final Clock clock;

    public MarkFirstOutboxRelay(Database orderDb, MessageHandler handler, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.clock = Objects.requireNonNull(clock, "clock");
        OrderSchema.createIfMissing(orderDb);
    }

    /** Marks every unpublished message published, then delivers it; returns how many were published. */
    public int publishPending() {
        List<Message> pending = orderDb.read("read unpublished messages", Outbox::unpublished);
        int published = 0;
        for (Message message : pending) {
            orderDb.inTransaction("mark " + message.messageId() + " published", c -> {
                Outbox.markPublished(c, message.messageId(), clock.instant());
                return null;
            });
            published++;
            HandleOutcome outcome = handler.handle(message);
            if (!outcome.isDelivered()) {
                throw new IllegalStateException("the consumer answered " + outcome + " for " + message.messageId()
                        + ", which is already marked published in " + orderDb.file());
            }
        }
        return published;
    }
}
