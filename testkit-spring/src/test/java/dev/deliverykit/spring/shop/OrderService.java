package dev.deliverykit.spring.shop;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/** Saves the order and publishes its event in one transaction: Modulith stores the publication in it. */
public class OrderService {

    private final JdbcTemplate jdbc;
    private final ApplicationEventPublisher events;

    public OrderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    @Transactional
    public void placeOrder(String orderId, long amountCents) {
        jdbc.update("INSERT INTO orders (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
        events.publishEvent(new OrderPlaced(orderId, amountCents));
    }
}
