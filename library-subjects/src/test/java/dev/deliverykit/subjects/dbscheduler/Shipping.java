package dev.deliverykit.subjects.dbscheduler;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionOperations;

/** Applies the shipment of an order in a transaction of its own: idempotently, or blindly. */
public enum Shipping {
    /** Records the order as processed in the shipment's transaction and ships nothing for an order it has processed. */
    IDEMPOTENT {
        @Override
        void ship(JdbcTemplate jdbc, String orderId, long amountCents) {
            int firstTime = jdbc.update(
                    "INSERT INTO processed_order (order_id) SELECT ? WHERE NOT EXISTS"
                            + " (SELECT 1 FROM processed_order WHERE order_id = ?)",
                    orderId,
                    orderId);
            if (firstTime == 1) {
                jdbc.update("INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
            }
        }
    },
    /**
     * Ships blindly: db-scheduler removes an execution after its handler returned, so a process that dies between
     * the shipment's commit and that removal leaves the execution to run again.
     */
    NAIVE {
        @Override
        void ship(JdbcTemplate jdbc, String orderId, long amountCents) {
            jdbc.update("INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
        }
    };

    abstract void ship(JdbcTemplate jdbc, String orderId, long amountCents);

    void shipInTransaction(TransactionOperations tx, JdbcTemplate jdbc, String orderId, long amountCents) {
        tx.executeWithoutResult(status -> ship(jdbc, orderId, amountCents));
    }
}
