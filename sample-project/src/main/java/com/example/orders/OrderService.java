package com.example.orders;

import com.example.orders.db.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * Places, pays and ships orders. Every call is ONE transaction on the order database that changes the
 * {@code orders} row and adds the step's message to {@code outbox_message}; both are committed together
 * or not at all. The {@link OutboxRelay} delivers the messages later.
 *
 * <p>Statements of {@link #placeOrder}, in order: {@code SELECT customer, amount_cents, status FROM orders
 * ...}, {@code INSERT INTO orders(...)}, {@code INSERT INTO outbox_message(...)}, {@code commit()}.
 * {@link #pay} and {@link #ship}: the same {@code SELECT}, {@code UPDATE orders SET status = ? ...},
 * {@code INSERT INTO outbox_message(...)}, {@code commit()}.
 *
 * <pre>{@code
 * OrderService orders = new OrderService(Database.sqlite(Path.of("orders.db")), Clock.systemUTC());
 * orders.placeOrder("o-1", "alice", 1250);   // PLACED, message o-1:placed (step 1)
 * orders.pay("o-1");                         // ADVANCED, message o-1:paid (step 2)
 * orders.ship("o-1");                        // ADVANCED, message o-1:shipped (step 3)
 * }</pre>
 */
public final class OrderService {

    private record StoredOrder(String customer, long amountCents, OrderStep status) {}

    private final Database orderDb;
    private final Clock clock;

    /**
     * @param clock decides each message's dedup epoch: the UTC day it was written
     */
    public OrderService(Database orderDb, Clock clock) {
        this.orderDb = Objects.requireNonNull(orderDb, "orderDb");
        this.clock = Objects.requireNonNull(clock, "clock");
        OrderSchema.createIfMissing(orderDb);
    }

    /**
     * Places an order. Placing the same order again is harmless ({@link PlaceOutcome#ALREADY_PLACED});
     * the same id with another customer or amount is a {@link PlaceOutcome#CONFLICT}.
     */
    public PlaceOutcome placeOrder(String orderId, String customer, long amountCents) {
        requireText(orderId, "orderId");
        requireText(customer, "customer");
        if (amountCents <= 0) {
            throw new IllegalArgumentException(
                    "amountCents must be positive, got " + amountCents + " for order " + orderId);
        }
        return orderDb.inTransaction("place order " + orderId, c -> {
            Optional<StoredOrder> existing = find(c, orderId);
            if (existing.isPresent()) {
                StoredOrder order = existing.get();
                boolean same = order.customer().equals(customer) && order.amountCents() == amountCents;
                return same ? PlaceOutcome.ALREADY_PLACED : PlaceOutcome.CONFLICT;
            }
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO orders(order_id, customer, amount_cents, status) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, orderId);
                insert.setString(2, customer);
                insert.setLong(3, amountCents);
                insert.setString(4, OrderStep.PLACED.name());
                insert.executeUpdate();
            }
            Outbox.add(c, Message.of(orderId, OrderStep.PLACED, customer, amountCents, today()));
            return PlaceOutcome.PLACED;
        });
    }

    /** Marks a placed order paid. */
    public StepOutcome pay(String orderId) {
        return advance(orderId, OrderStep.PAID);
    }

    /** Marks a paid order shipped. */
    public StepOutcome ship(String orderId) {
        return advance(orderId, OrderStep.SHIPPED);
    }

    private StepOutcome advance(String orderId, OrderStep next) {
        requireText(orderId, "orderId");
        return orderDb.inTransaction("move order " + orderId + " to " + next, c -> {
            Optional<StoredOrder> existing = find(c, orderId);
            if (existing.isEmpty()) {
                return StepOutcome.UNKNOWN_ORDER;
            }
            StoredOrder order = existing.get();
            if (order.status().seq() >= next.seq()) {
                return StepOutcome.ALREADY_DONE;
            }
            if (order.status().seq() != next.seq() - 1) {
                return StepOutcome.NOT_ALLOWED_YET;
            }
            try (PreparedStatement update = c.prepareStatement("UPDATE orders SET status = ? WHERE order_id = ?")) {
                update.setString(1, next.name());
                update.setString(2, orderId);
                update.executeUpdate();
            }
            Outbox.add(c, Message.of(orderId, next, order.customer(), order.amountCents(), today()));
            return StepOutcome.ADVANCED;
        });
    }

    private static Optional<StoredOrder> find(Connection c, String orderId) throws SQLException {
        try (PreparedStatement select =
                c.prepareStatement("SELECT customer, amount_cents, status FROM orders WHERE order_id = ?")) {
            select.setString(1, orderId);
            try (ResultSet row = select.executeQuery()) {
                return row.next()
                        ? Optional.of(
                                new StoredOrder(row.getString(1), row.getLong(2), OrderStep.valueOf(row.getString(3))))
                        : Optional.empty();
            }
        }
    }

    private long today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toEpochDay();
    }

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    name + " must be a non-blank text, got " + (value == null ? "null" : "'" + value + "'"));
        }
    }
}
