package dev.deliverykit.spring.shop;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.modulith.events.ApplicationModuleListener;

/**
 * The correct listener: it records the order as processed in the same transaction as its shipment and ships nothing
 * for an order it has processed, so a publication resubmitted after its effect committed changes nothing.
 */
public class IdempotentShipping {

    private final JdbcTemplate jdbc;

    public IdempotentShipping(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @ApplicationModuleListener
    public void on(OrderPlaced event) {
        int firstTime = jdbc.update(
                "INSERT INTO processed_order (order_id) SELECT ? WHERE NOT EXISTS"
                        + " (SELECT 1 FROM processed_order WHERE order_id = ?)",
                event.orderId(),
                event.orderId());
        if (firstTime == 0) {
            return; // shipped by an earlier delivery of this publication
        }
        jdbc.update(
                "INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)", event.orderId(), event.amountCents());
    }
}
