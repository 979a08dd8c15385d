package dev.deliverykit.spring.shop;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/**
 * Places an order once however often its caller retries: a known order id saves nothing and publishes nothing, so a
 * caller that got no answer may place it again. {@link OrderService} fails such a retry on the order's primary key.
 */
public class RetrySafeOrderService {

    private final JdbcTemplate jdbc;
    private final ApplicationEventPublisher events;

    public RetrySafeOrderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.events = events;
    }

    @Transactional
    public void placeOrder(String orderId, long amountCents) {
        int saved = jdbc.update(
                "INSERT INTO orders (order_id, amount_cents) SELECT ?, ? WHERE NOT EXISTS"
                        + " (SELECT 1 FROM orders WHERE order_id = ?)",
                orderId,
                amountCents,
                orderId);
        if (saved == 1) {
            events.publishEvent(new OrderPlaced(orderId, amountCents));
        }
    }
}
