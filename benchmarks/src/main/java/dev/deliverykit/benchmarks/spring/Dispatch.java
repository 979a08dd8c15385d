package dev.deliverykit.benchmarks.spring;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.modulith.events.ApplicationModuleListener;

/**
 * Ships a taken order on Spring's task executor after the order's commit, idempotently: a shipment is keyed by its
 * order, so a publication that Modulith resubmits after a crash ships nothing twice.
 */
public class Dispatch {

    private final JdbcTemplate jdbc;

    Dispatch(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @ApplicationModuleListener
    public void ship(OrderDesk.OrderTaken order) {
        jdbc.update(
                "MERGE INTO shipment (order_id, amount_cents) KEY (order_id) VALUES (?, ?)",
                order.orderId(),
                order.amountCents());
    }
}
