package dev.deliverykit.brokers.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.brokers.FreePorts;
import dev.deliverykit.brokers.Names;
import dev.deliverykit.invariant.Evidence;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantDefinitionException;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.InvariantSourceException;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.invariant.jms.JmsQueueSource;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMS queue as an invariant's side, against a real ActiveMQ Artemis: what only the queue shows is caught, the
 * queue is browsed and never consumed, and a broker, queue or message that does not fit fails the check by name.
 */
class JmsQueueSourceTest {

    static final EmbeddedArtemis ARTEMIS = EmbeddedArtemis.get();

    @TempDir
    Path dir;

    String queue;
    JdbcSource orders;

    @BeforeEach
    void outbox() throws Exception {
        queue = Names.unique("shipments");
        ARTEMIS.createQueue(queue);
        String url = "jdbc:sqlite:" + dir.resolve("orders.db");
        try (java.sql.Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE outbox_message(message_id TEXT PRIMARY KEY, order_id TEXT)");
            statement.execute("INSERT INTO outbox_message VALUES ('m-1', 'o-1'), ('m-2', 'o-2'), ('m-3', 'o-3')");
        }
        orders = JdbcSource.url(url).named("orders.db");
    }

    private JmsQueueSource byMessageIdProperty() {
        return JmsQueueSource.byProperty(queue, "message_id", ARTEMIS::connectionFactory);
    }

    /** Sends one text message per id, its property {@code message_id} and its correlation id set to it. */
    private void send(String... ids) throws JMSException {
        try (Connection connection = ARTEMIS.connectionFactory().createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(queue));
            for (String id : ids) {
                Message message = session.createTextMessage("{\"message\":\"" + id + "\"}");
                if (id != null) {
                    message.setStringProperty("message_id", id);
                    message.setJMSCorrelationID(id);
                }
                producer.send(message);
            }
        }
    }

    @Test
    void aMessageTheRelaySentTwiceAndOneItNeverSentAreCaughtOnTheQueue() throws Exception {
        send("m-3", "m-1", "m-3");
        Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the queue once")
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(byMessageIdProperty());

        InvariantResult result = sentOnce.check();

        assertThat(result.message()).isEqualTo("""
                every outbox message on the queue once: violated (checked 3 intent keys, 3 effect rows)
                  lost intent: 1 key
                    m-2: found 0 effects, expected exactly 1
                  duplicate effect: 1 key
                    m-3: found 2 effects, expected exactly 1""");
        assertThat(sentOnce.description())
                .isEqualTo("every intent key of outbox_message.message_id on orders.db has exactly 1 effect in JMS"
                        + " queue " + queue + " by property message_id (and no key has 2 or more)");
        assertThat(result.evidence()).isEqualTo(Evidence.ROWS_READ);
    }

    @Test
    void theQueueIsBrowsedNotConsumedSoEveryCheckAndTheConsumerSeeTheSameMessages() throws Exception {
        send("m-1", "m-2", "m-3");
        Invariant byCorrelation = Invariants.exactlyOncePerKey()
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(JmsQueueSource.byCorrelationId(queue, ARTEMIS::connectionFactory));
        Invariant byMessageId = Invariants.atMostOncePerKey()
                .effectsFrom(JmsQueueSource.byMessageId(queue, ARTEMIS::connectionFactory));

        assertThat(byCorrelation.check().message())
                .isEqualTo("exactly once per key: holds (checked 3 intent keys, 3 effect rows)");
        assertThat(byCorrelation.check().message())
                .isEqualTo("exactly once per key: holds (checked 3 intent keys, 3 effect rows)");
        assertThat(byMessageId.check().message())
                .isEqualTo("at most once per key: holds (checked 3 effect rows, 3 keys)");
        assertThat(receiveAll()).containsExactly("m-1", "m-2", "m-3");
    }

    @Test
    void aMessageOfATransactionNotYetCommittedIsNotThere() throws Exception {
        send("m-1");
        try (Connection connection = ARTEMIS.connectionFactory().createConnection()) {
            Session transacted = connection.createSession(true, Session.SESSION_TRANSACTED);
            Message message = transacted.createTextMessage("{}");
            message.setStringProperty("message_id", "m-2");
            transacted.createProducer(transacted.createQueue(queue)).send(message);

            assertThat(Invariants.noLostIntent()
                            .intentsIn(orders, "outbox_message", "message_id")
                            .effectsFrom(byMessageIdProperty())
                            .check()
                            .message())
                    .isEqualTo("""
                            no lost intent: violated (checked 3 intent keys, 1 effect row)
                              lost intent: 2 keys
                                m-2: found 0 effects, expected at least 1
                                m-3: found 0 effects, expected at least 1""");
            transacted.rollback();
        }
    }

    @Test
    void aMessageWithoutThePropertyIsNamedByItsPlaceOnTheQueue() throws Exception {
        send("m-1", null);
        Invariant invariant = Invariants.atMostOncePerKey("shipped once").effectsFrom(byMessageIdProperty());

        String withoutProperty = browsedIds().get(1);
        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from JMS queue " + queue + " by property"
                        + " message_id: message 2 on the queue (" + withoutProperty + ") has no property message_id."
                        + " Every message must carry it, or key the source another way.");
    }

    @Test
    void aQueueThatDoesNotExistIsAWrongDefinition() {
        Invariant invariant = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(JmsQueueSource.byMessageId("shipmnets", ARTEMIS::connectionFactory));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from JMS queue shipmnets by JMSMessageID: the broker"
                        + " would not browse the queue shipmnets (There is no queue with name shipmnets). An invariant"
                        + " never creates it: check its name, and that the code under test (or the test's set-up)"
                        + " created it.");
    }

    @Test
    void aBrokerThatRefusesTheConnectionFailsTheCheck() {
        String nowhere = "tcp://127.0.0.1:" + FreePorts.next();
        Invariant invariant = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(JmsQueueSource.byMessageId(queue, () -> new ActiveMQConnectionFactory(nowhere)));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage("invariant 'shipped once' could not read its effects from JMS queue " + queue
                        + " by JMSMessageID: the broker could not be browsed: Failed to create session factory"
                        + " (AMQ219007: Cannot connect to server(s). Tried with all available servers.). Check that it"
                        + " runs and that the connection factory names it.");
    }

    @Test
    void aNamedSourceIsDescribedByItsNameAndPropertiesMakeCompositeKeys() {
        assertThat(byMessageIdProperty().named("the shipments queue").name()).isEqualTo("the shipments queue");
        assertThat(JmsQueueSource.byCorrelationId(queue, ARTEMIS::connectionFactory)
                        .andProperty("step")
                        .name())
                .isEqualTo("JMS queue " + queue + " by JMSCorrelationID, property step");
    }

    private List<String> browsedIds() throws JMSException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = ARTEMIS.connectionFactory().createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            var messages = session.createBrowser(session.createQueue(queue)).getEnumeration();
            while (messages.hasMoreElements()) {
                ids.add(((Message) messages.nextElement()).getJMSMessageID());
            }
        }
        return ids;
    }

    private List<String> receiveAll() throws JMSException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = ARTEMIS.connectionFactory().createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            connection.start();
            for (Message message = consumer.receiveNoWait(); message != null; message = consumer.receive(1000)) {
                ids.add(message.getStringProperty("message_id"));
            }
        }
        return ids;
    }
}
