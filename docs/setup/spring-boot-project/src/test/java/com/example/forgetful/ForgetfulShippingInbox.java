package com.example.forgetful;

import com.example.shop.ShippingInbox;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

/**
 * Shipping's inbox as it might first be written, kept to prove that the crash tests catch it: it ships every
 * message it is given, so a message the relay delivers again (it died before its mark) is shipped twice.
 */
public class ForgetfulShippingInbox extends ShippingInbox {

    private final JdbcTemplate jdbc;

    public ForgetfulShippingInbox(JdbcTemplate jdbc) {
        super(jdbc);
        this.jdbc = jdbc;
    }

    @Override
    @Transactional
    public void receive(String messageId, String orderId) {
        jdbc.update("INSERT INTO shipment(message_id, order_id) VALUES (?, ?)", messageId, orderId);
    }
}
