package dev.deliverykit.spring.shop;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.modulith.events.ApplicationModuleListener;

/**
 * The naive listener: it ships blindly. Modulith marks a publication completed in a transaction of its own after the
 * listener's has committed, so a process that dies between the two leaves the publication incomplete with the
 * shipment made, and its resubmission ships the order again.
 */
public class NaiveShipping {

    private final JdbcTemplate jdbc;

    public NaiveShipping(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @ApplicationModuleListener
    public void on(OrderPlaced event) {
        jdbc.update(
                "INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)", event.orderId(), event.amountCents());
    }
}
