package com.example.orders.contract;

import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.MessageHandler;
import com.example.orders.db.Database;
import java.nio.file.Path;
import java.sql.PreparedStatement;

/**
 * A stub of the broker's client for the outbox's contract: every message the relay hands it is written into
 * {@code sent_message} of the broker database, one row per hand-over (a resend is a second row), and acknowledged.
 * So the contract (and the stall sweeps of the leased relays) count what the relay sent, not what a consumer's dedup
 * let through.
 */
public final class BrokerStub implements MessageHandler {

    private final Database broker;

    public BrokerStub(Path file) {
        this.broker = Database.sqlite(file);
        broker.createTables(
                "create the broker stub's table",
                "CREATE TABLE IF NOT EXISTS sent_message(position INTEGER PRIMARY KEY AUTOINCREMENT,"
                        + " message_id TEXT NOT NULL, order_id TEXT NOT NULL)");
    }

    @Override
    public HandleOutcome handle(Message message) {
        broker.inTransaction("send " + message.messageId(), c -> {
            try (PreparedStatement insert =
                    c.prepareStatement("INSERT INTO sent_message(message_id, order_id) VALUES (?, ?)")) {
                insert.setString(1, message.messageId());
                insert.setString(2, message.orderId());
                return insert.executeUpdate();
            }
        });
        return HandleOutcome.APPLIED; // the broker's ack: it has the message
    }
}
