package com.example.orders;

import com.example.orders.db.Database;

/**
 * The tables of the order database: {@code orders} (one row per order, its current step) and
 * {@code outbox_message} (one row per step, in insertion order; {@code published_at} stays NULL until the
 * consumer has taken the message; {@code claimed_by} and {@code lease_until}, in epoch milliseconds, say which
 * {@link LeasedOutboxRelay} holds it and until when).
 *
 * <pre>{@code
 * OrderSchema.createIfMissing(Database.sqlite(Path.of("orders.db")));
 * }</pre>
 */
public final class OrderSchema {

    private static final String[] TABLES = {
        """
        CREATE TABLE IF NOT EXISTS orders(
            order_id     TEXT PRIMARY KEY,
            customer     TEXT NOT NULL,
            amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
            status       TEXT NOT NULL CHECK (status IN ('PLACED', 'PAID', 'SHIPPED')))
        """, """
        CREATE TABLE IF NOT EXISTS outbox_message(
            position     INTEGER PRIMARY KEY AUTOINCREMENT,
            %s,
            published_at TEXT,
            claimed_by   TEXT,
            lease_until  INTEGER,
            UNIQUE (order_id, step_seq))
        """.formatted(MessageRows.COLUMN_DEFINITIONS),
    };

    private OrderSchema() {}

    /** Creates the tables that do not exist yet, in one transaction. */
    public static void createIfMissing(Database orderDb) {
        orderDb.createTables("create the order tables", TABLES);
    }
}
