package com.example.orders.before;

import com.example.orders.Message;
import com.example.orders.MessageHandler;
import com.example.orders.Outbox;
import com.example.orders.db.Database;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * A SECOND "BEFORE" VERSION, KEPT ON PURPOSE in the test sources: the relay after a well-meant fix for a consumer that
 * kept failing ("do not block the outbox on one bad message"). It delivers first, as {@link
 * com.example.orders.OutboxRelay} does, but when the delivery fails it logs the failure and marks the message
 * published anyway. A process death is no failure it could catch: a crash never reaches its catch block, so every
 * crash test passes. A delivery that fails while the process lives on (the shipping database's connection lost before
 * the consumer's commit) leaves the message marked published and never delivered. Only an injected failure finds it.
 *
 * <pre>{@code
 * new ForgivingOutboxRelay(orderDb, shippingConsumer, Clock.systemUTC()).publishPending();
 * }</pre>
 */
public final class ForgivingOutboxRelay {

    private final Database orderDb;
    private final MessageHandler handler;
    private final Clock clock;
    private int skipped;

    public ForgivingOutboxRelay(Database orderDb, MessageHandler handler, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Delivers every unpublished message and marks it published, delivered or not; returns how many. */
    public int publishPending() {
        List<Message> pending = orderDb.read("read unpublished messages", Outbox::unpublished);
        for (Message message : pending) {
            try {
                handler.handle(message);
            } catch (RuntimeException failed) {
                skipped++; // "logged; the message is not worth blocking the outbox for"
            }
            orderDb.inTransaction("mark " + message.messageId() + " published", c -> {
                Outbox.markPublished(c, message.messageId(), clock.instant());
                return null;
            });
        }
        return pending.size();
    }

    /** How many deliveries failed and were skipped. */
    public int skipped() {
        return skipped;
    }
}
