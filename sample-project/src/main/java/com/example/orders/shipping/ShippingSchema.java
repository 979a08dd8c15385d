package com.example.orders.shipping;

import com.example.orders.MessageRows;
import com.example.orders.db.Database;

/**
 * The tables of the shipping database.
 *
 * <ul>
 * <li>{@code processed_message}: the dedup record of every message taken, with its dedup epoch;</li>
 * <li>{@code parked_message}: steps that arrived before their predecessor;</li>
 * <li>{@code shipment}: the business effect, one row per order;</li>
 * <li>{@code order_progress}: the last applied step per order;</li>
 * <li>{@code applied_step}: every applied step, in the order it was applied;</li>
 * <li>{@code dedup_epoch_seal}: every seal; the highest {@code sealed_through} is in force.</li>
 * </ul>
 *
 * <pre>{@code
 * ShippingSchema.createIfMissing(Database.sqlite(Path.of("shipping.db")));
 * }</pre>
 */
public final class ShippingSchema {

    private static final String[] TABLES = {
        """
        CREATE TABLE IF NOT EXISTS processed_message(
            message_id   TEXT PRIMARY KEY,
            order_id     TEXT NOT NULL,
            step_seq     INTEGER NOT NULL,
            customer     TEXT NOT NULL,
            amount_cents INTEGER NOT NULL,
            dedup_epoch  INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS processed_message_by_epoch ON processed_message(dedup_epoch)",
        """
        CREATE TABLE IF NOT EXISTS parked_message(
            %s,
            PRIMARY KEY (order_id, step_seq))
        """.formatted(MessageRows.COLUMN_DEFINITIONS),
        """
        CREATE TABLE IF NOT EXISTS shipment(
            order_id     TEXT PRIMARY KEY,
            customer     TEXT NOT NULL,
            amount_cents INTEGER NOT NULL,
            status       TEXT NOT NULL CHECK (status IN ('AWAITING_PAYMENT', 'READY_TO_SHIP', 'SHIPPED')))
        """,
        """
        CREATE TABLE IF NOT EXISTS order_progress(
            order_id  TEXT PRIMARY KEY,
            last_step INTEGER NOT NULL,
            status    TEXT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS applied_step(
            applied_order INTEGER PRIMARY KEY AUTOINCREMENT,
            order_id      TEXT NOT NULL,
            step_seq      INTEGER NOT NULL,
            message_id    TEXT NOT NULL UNIQUE,
            UNIQUE (order_id, step_seq))
        """,
        """
        CREATE TABLE IF NOT EXISTS dedup_epoch_seal(
            sealed_through INTEGER PRIMARY KEY,
            sealed_at      TEXT NOT NULL)
        """,
    };

    private ShippingSchema() {
    }

    /** Creates the tables that do not exist yet, in one transaction. */
    public static void createIfMissing(Database shippingDb) {
        shippingDb.createTables("create the shipping tables", TABLES);
    }
}
