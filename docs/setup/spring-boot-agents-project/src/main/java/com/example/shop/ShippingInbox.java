package com.example.shop;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Shipping's side: one shipment per message. The relay may deliver a message again (it died before it marked it
 * sent), so the inbox records each message it received in the shipment's own transaction and ignores one it has.
 */
@Service
public class ShippingInbox {

    private final JdbcTemplate jdbc;

    public ShippingInbox(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional
    public void receive(String messageId, String orderId) {
        Integer received = jdbc.queryForObject(
                "SELECT COUNT(*) FROM received_message WHERE message_id = ?", Integer.class, messageId);
        if (received != null && received > 0) {
            return; // its shipment exists
        }
        jdbc.update("INSERT INTO received_message(message_id) VALUES (?)", messageId);
        jdbc.update("INSERT INTO shipment(message_id, order_id) VALUES (?, ?)", messageId, orderId);
    }
}
