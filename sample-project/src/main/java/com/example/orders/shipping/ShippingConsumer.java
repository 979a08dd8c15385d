package com.example.orders.shipping;

import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.MessageRows;
import com.example.orders.MessageHandler;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Shipping's side: turns order messages into shipments, each message at most once and each order's steps
 * strictly in order (placed, paid, shipped), whatever order and however often they arrive.
 *
 * <p>{@link #handle(Message)} is ONE transaction on the shipping database, so the dedup record and the
 * effect are committed together or not at all:
 * <ol>
 * <li>{@code SELECT MAX(sealed_through) FROM dedup_epoch_seal}: epoch sealed -> {@code REJECTED_SEALED};</li>
 * <li>{@code SELECT ... FROM processed_message WHERE message_id = ?}: seen with the same content ->
 *     {@code DUPLICATE}, with other content -> {@code CONFLICT};</li>
 * <li>{@code SELECT last_step FROM order_progress ...} and {@code SELECT ... FROM parked_message ...}: step
 *     already taken by another message -> {@code CONFLICT};</li>
 * <li>{@code INSERT INTO processed_message(...)}, the dedup record;</li>
 * <li>predecessor missing: {@code INSERT INTO parked_message(...)} -> {@code PARKED}; otherwise apply the step
 *     and then every parked step right after it ({@code DELETE FROM parked_message ...}): per step
 *     {@code INSERT INTO shipment(...)} (placed) or {@code UPDATE shipment SET status = ? ...} (paid, shipped),
 *     {@code INSERT INTO order_progress(...) ... ON CONFLICT ...} and {@code INSERT INTO applied_step(...)}
 *     -> {@code APPLIED};</li>
 * <li>{@code commit()}.</li>
 * </ol>
 *
 * <pre>{@code
 * ShippingConsumer shipping = new ShippingConsumer(Database.sqlite(Path.of("shipping.db")));
 * shipping.handle(Message.of("o-1", OrderStep.PAID, "alice", 1250, 20000));     // PARKED
 * shipping.handle(Message.of("o-1", OrderStep.PLACED, "alice", 1250, 20000));   // APPLIED (placed, then paid)
 * }</pre>
 */
public final class ShippingConsumer implements MessageHandler {


    private final Database shippingDb;

    public ShippingConsumer(Database shippingDb) {
        this.shippingDb = Objects.requireNonNull(shippingDb, "shippingDb");
        ShippingSchema.createIfMissing(shippingDb);
    }

    @Override
    public HandleOutcome handle(Message message) {
        Objects.requireNonNull(message, "message");
        return shippingDb.inTransaction("handle message " + message.messageId(), c -> handle(c, message));
    }

    private static HandleOutcome handle(Connection c, Message message) throws SQLException {
        OptionalLong sealedThrough = SealedEpochs.sealedThrough(c);
        if (sealedThrough.isPresent() && message.dedupEpoch() <= sealedThrough.getAsLong()) {
            return HandleOutcome.REJECTED_SEALED;
        }
        Optional<Message> seen = findOne(c, "SELECT " + MessageRows.COLUMNS + " FROM processed_message WHERE message_id = ?",
                message.messageId());
        if (seen.isPresent()) {
            return seen.get().equals(message) ? HandleOutcome.DUPLICATE : HandleOutcome.CONFLICT;
        }
        int lastStep = lastStep(c, message.orderId());
        int seq = message.step().seq();
        if (seq <= lastStep || parkedAt(c, message.orderId(), seq).isPresent()) {
            return HandleOutcome.CONFLICT;
        }
        insert(c, "processed_message", message);
        if (seq > lastStep + 1) {
            insert(c, "parked_message", message);
            return HandleOutcome.PARKED;
        }
        Message next = message;
        while (true) {
            apply(c, next);
            Optional<Message> parked = parkedAt(c, next.orderId(), next.step().seq() + 1);
            if (parked.isEmpty()) {
                return HandleOutcome.APPLIED;
            }
            next = parked.get();
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM parked_message WHERE message_id = ?")) {
                delete.setString(1, next.messageId());
                delete.executeUpdate();
            }
        }
    }

    private static void apply(Connection c, Message message) throws SQLException {
        if (message.step() == OrderStep.PLACED) {
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO shipment(order_id, customer, amount_cents, status) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, message.orderId());
                insert.setString(2, message.customer());
                insert.setLong(3, message.amountCents());
                insert.setString(4, shipmentStatus(message.step()));
                insert.executeUpdate();
            }
        } else {
            try (PreparedStatement update = c.prepareStatement("UPDATE shipment SET status = ? WHERE order_id = ?")) {
                update.setString(1, shipmentStatus(message.step()));
                update.setString(2, message.orderId());
                if (update.executeUpdate() != 1) {
                    throw new IllegalStateException("no shipment row for order " + message.orderId() + " while applying "
                            + message.messageId() + "; order_progress says its placed step was applied, so the shipment"
                            + " table was changed outside this consumer");
                }
            }
        }
        try (PreparedStatement progress = c.prepareStatement(
                "INSERT INTO order_progress(order_id, last_step, status) VALUES (?, ?, ?)"
                        + " ON CONFLICT(order_id) DO UPDATE SET last_step = excluded.last_step, status = excluded.status")) {
            progress.setString(1, message.orderId());
            progress.setInt(2, message.step().seq());
            progress.setString(3, message.step().name());
            progress.executeUpdate();
        }
        try (PreparedStatement log = c.prepareStatement(
                "INSERT INTO applied_step(order_id, step_seq, message_id) VALUES (?, ?, ?)")) {
            log.setString(1, message.orderId());
            log.setInt(2, message.step().seq());
            log.setString(3, message.messageId());
            log.executeUpdate();
        }
    }

    private static String shipmentStatus(OrderStep step) {
        return switch (step) {
            case PLACED -> "AWAITING_PAYMENT";
            case PAID -> "READY_TO_SHIP";
            case SHIPPED -> "SHIPPED";
        };
    }

    private static int lastStep(Connection c, String orderId) throws SQLException {
        try (PreparedStatement select = c.prepareStatement("SELECT last_step FROM order_progress WHERE order_id = ?")) {
            select.setString(1, orderId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getInt(1) : 0;
            }
        }
    }

    private static Optional<Message> parkedAt(Connection c, String orderId, int seq) throws SQLException {
        return findOne(c, "SELECT " + MessageRows.COLUMNS + " FROM parked_message WHERE order_id = ? AND step_seq = ?", orderId, seq);
    }

    private static void insert(Connection c, String table, Message message) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement(
                "INSERT INTO " + table + "(" + MessageRows.COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)")) {
            MessageRows.bind(insert, message);
            insert.executeUpdate();
        }
    }

    private static Optional<Message> findOne(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement select = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                select.setObject(i + 1, params[i]);
            }
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(MessageRows.read(row)) : Optional.empty();
            }
        }
    }
}
