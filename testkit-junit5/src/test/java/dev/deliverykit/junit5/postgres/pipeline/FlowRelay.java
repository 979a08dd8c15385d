package dev.deliverykit.junit5.postgres.pipeline;

import dev.deliverykit.junit5.postgres.ServiceDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Sends the first unaccepted outbox row by {@code (flow_id, seq)} to the consumer, and only on {@code ACCEPTED}
 * or a same-body {@code DUPLICATE} marks it {@code accepted=1}, in a separate producer transaction. No lease.
 */
public final class FlowRelay {

    /** What {@link #relay} did: {@code IDLE}, or the consumer's answer for {@code eventId}. */
    public record Sent(String outcome, String eventId) {
        @Override
        public String toString() {
            return eventId == null ? outcome : outcome + " " + eventId;
        }
    }

    private final String producerUrl;
    private final ServiceDb producer;
    private final FlowConsumer consumer;

    public FlowRelay(String producerUrl, FlowConsumer consumer) {
        this.producerUrl = producerUrl;
        this.producer = new ServiceDb(producerUrl);
        this.consumer = consumer;
    }

    public Sent relay() {
        String eventId;
        String body;
        try (Connection c = DriverManager.getConnection(producerUrl);
                PreparedStatement next = c.prepareStatement(
                        "SELECT event_id, body FROM outbox WHERE accepted = 0 ORDER BY flow_id, seq LIMIT 1");
                ResultSet row = next.executeQuery()) {
            if (!row.next()) {
                return new Sent("idle", null);
            }
            eventId = row.getString(1);
            body = row.getString(2);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        FlowConsumer.Receipt answer = consumer.receive(body);
        if (answer == FlowConsumer.Receipt.ACCEPTED || answer == FlowConsumer.Receipt.DUPLICATE) {
            markAccepted(eventId);
        }
        return new Sent(answer.name().toLowerCase(Locale.ROOT), eventId);
    }

    /** The producer's record that the consumer has the row. */
    public void markAccepted(String eventId) {
        producer.inTransaction(c -> {
            try (PreparedStatement update = c.prepareStatement("UPDATE outbox SET accepted = 1 WHERE event_id = ?")) {
                update.setString(1, eventId);
                return update.executeUpdate();
            }
        });
    }
}
