package com.example.shop;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The outbox's rows that the relay has not delivered yet, and the mark that one was. */
@Repository
public class Outbox {

    /** An outbox row: the message and the order it is about. */
    public record Message(String messageId, String orderId) {}

    private final JdbcTemplate jdbc;

    public Outbox(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public List<Message> unsent() {
        return jdbc.query(
                "SELECT message_id, order_id FROM outbox WHERE sent = FALSE ORDER BY message_id",
                (row, n) -> new Message(row.getString(1), row.getString(2)));
    }

    @Transactional
    public void markSent(String messageId) {
        jdbc.update("UPDATE outbox SET sent = TRUE WHERE message_id = ?", messageId);
    }
}
