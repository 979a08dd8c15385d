package com.example.shop;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Places an order and its outbox message in one transaction: the order is never placed without its message. */
@Service
public class OrderService {

    private final JdbcTemplate jdbc;

    public OrderService(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Idempotent: a caller that got no answer retries, and an order placed already is left as it is. */
    @Transactional
    public void placeOrder(String orderId, String customer, long amountCents) {
        Integer placed = jdbc.queryForObject("SELECT COUNT(*) FROM orders WHERE order_id = ?", Integer.class, orderId);
        if (placed != null && placed > 0) {
            return;
        }
        jdbc.update(
                "INSERT INTO orders(order_id, customer, amount_cents) VALUES (?, ?, ?)",
                orderId,
                customer,
                amountCents);
        jdbc.update("INSERT INTO outbox(message_id, order_id) VALUES (?, ?)", orderId + ":placed", orderId);
    }
}
