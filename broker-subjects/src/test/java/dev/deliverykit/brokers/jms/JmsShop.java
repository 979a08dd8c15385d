package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.shop.OrderService;
import dev.deliverykit.brokers.shop.Outbox;
import dev.deliverykit.brokers.shop.Shipments;
import dev.deliverykit.brokers.shop.Sqlite;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The shop's processes over JMS, each the way its {@code main} would run it: opens its database file and its
 * connection to the broker, does its work, and closes both.
 */
public final class JmsShop {

    /** The relay a relay process runs. */
    public enum Relay {
        CORRECT,
        MARK_FIRST
    }

    /** The consumer a shipping process runs. */
    public enum Shipping {
        INBOX,
        NAIVE
    }

    public static final String MARK_FIRST_RELAY = "dev.deliverykit.brokers.jms.MarkFirstJmsRelay#publishPending";
    public static final String NAIVE_CONSUMER = "dev.deliverykit.brokers.jms.NaiveJmsShipping#drain";

    /** How long a restart waits for the broker to take back a dead consumer's messages: a bound, not an order. */
    static final Duration BROKER_NOTICES_DEATH = Duration.ofSeconds(30);

    private JmsShop() {}

    public static void createQueue(String queue) {
        EmbeddedArtemis.get().createQueue(queue);
    }

    public static void placeOrder(Path dir, String orderId) throws Exception {
        try (java.sql.Connection orders = Sqlite.open(dir.resolve("orders.db"))) {
            new OrderService(orders).placeOrder(orderId, "alice", 1250);
        }
    }

    /** A relay process: sends what the outbox holds, then ends. */
    public static void relay(Path dir, String queue, Relay relay) throws Exception {
        try (java.sql.Connection orders = Sqlite.open(dir.resolve("orders.db"));
                Connection connection =
                        EmbeddedArtemis.get().connectionFactory().createConnection()) {
            new OrderService(orders); // the schema, as the order process left it
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(queue));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            Outbox outbox = new Outbox(orders);
            switch (relay) {
                case CORRECT -> new JmsOutboxRelay(outbox, session, producer).publishPending();
                case MARK_FIRST -> new MarkFirstJmsRelay(outbox, session, producer).publishPending();
            }
        }
    }

    /** A shipping process: ships what the queue holds, then ends. */
    public static void ship(Path dir, String queue, Shipping shipping) throws Exception {
        try (java.sql.Connection database = Sqlite.open(dir.resolve("shipping.db"));
                Connection connection =
                        EmbeddedArtemis.get().connectionFactory().createConnection()) {
            Shipments shipments = new Shipments(database);
            connection.start();
            switch (shipping) {
                case INBOX -> {
                    Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
                    new InboxJmsShipping(session, session.createConsumer(session.createQueue(queue)), shipments)
                            .drain();
                }
                case NAIVE -> {
                    Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                    new NaiveJmsShipping(session.createConsumer(session.createQueue(queue)), shipments).drain();
                }
            }
        }
    }

    /**
     * What a fresh process finds once the broker has noticed the dead one: its unacknowledged messages back on the
     * queue. A real process exit closes the dead process's socket, which the broker notices on its own threads.
     */
    public static void awaitBrokerNoticedDeath(String queue) {
        EmbeddedArtemis.get().awaitNothingInDelivery(queue, BROKER_NOTICES_DEATH);
    }
}
