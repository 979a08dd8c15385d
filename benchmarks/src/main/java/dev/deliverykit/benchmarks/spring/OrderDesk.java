package dev.deliverykit.benchmarks.spring;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/** Takes an order and publishes its event in one transaction, in which Modulith stores the event's publication. */
public class OrderDesk {

    /** The event of a taken order. */
    public record OrderTaken(String orderId, long amountCents) {}

    private final JdbcTemplate jdbc;
    private final ApplicationEventPublisher events;

    OrderDesk(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    /** The order and its publication, one commit: B12's crash falls right after it. */
    @Transactional
    public void take(String orderId, long amountCents) {
        jdbc.update("INSERT INTO orders (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
        events.publishEvent(new OrderTaken(orderId, amountCents));
    }
}
