package com.example.orders.before;

import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.MessageHandler;
import com.example.orders.Outbox;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * THE "BEFORE" VERSION, KEPT ON PURPOSE in the test sources: a relay written to save a round trip per message, with
 * a bug that only shows while the service runs beside it. Production code uses {@link OutboxRelay}.
 *
 * <p>It reads the unpublished messages, hands each to the consumer, and then marks "everything unpublished" as
 * published in one statement, reasoning "I just sent all of them". True while nothing else writes the outbox; but
 * the order service runs as another instance on the same database, and a message it commits after the relay's read
 * and before that statement is marked published without ever being sent: shipping never hears of that order. Run
 * alone, or after the service, it behaves exactly like {@link OutboxRelay}, which is why the bug survives every
 * single-instance test, crash tests included.
 *
 * <pre>{@code
 * new MarkAllOutboxRelay(orderDb, shippingConsumer, Clock.systemUTC()).publishPending();
 * }</pre>
 */
public final class MarkAllOutboxRelay {

    private final Database orderDb;
    private final MessageHandler handler;
    private final Clock clock;

    public MarkAllOutboxRelay(Database orderDb, MessageHandler handler, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Delivers every unpublished message, then marks every unpublished message published; returns how many. */
    public int publishPending() {
        List<Message> pending = orderDb.read("read unpublished messages", Outbox::unpublished);
        for (Message message : pending) {
            HandleOutcome outcome = handler.handle(message);
            if (!outcome.isDelivered()) {
                throw new IllegalStateException("shipping refused " + message.messageId() + ": " + outcome);
            }
        }
        if (pending.isEmpty()) {
            return 0;
        }
        return orderDb.inTransaction("mark all published", c -> {
            try (PreparedStatement mark =
                    c.prepareStatement("UPDATE outbox_message SET published_at = ? WHERE published_at IS NULL")) {
                mark.setString(1, clock.instant().toString());
                return mark.executeUpdate();
            }
        });
    }
}
