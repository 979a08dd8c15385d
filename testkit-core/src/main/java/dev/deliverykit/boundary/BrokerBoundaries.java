package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The boundaries of the message broker clients users send through, with their own names, for the clients on the
 * class path: Apache Kafka's producer and consumer, JMS (ActiveMQ Artemis and ActiveMQ Classic) and RabbitMQ's Java
 * client. The kit knows them by class name, so none of those clients is a dependency of the kit. The JUnit extension
 * adds them to every test's catalogue; {@code @CrashSweep} crashes at them by default.
 *
 * <pre>{@code
 * CrashPlan.at(BrokerBoundaries.onClassPath(), BrokerBoundaries.KAFKA_ACKNOWLEDGED) // "after-kafka-broker-acknowledged"
 * // the JUnit extension names its case "crash after the Kafka broker acknowledged #1 in OutboxRelay.publishPending"
 * }</pre>
 *
 * <p>"After send" and "after the broker acknowledged" are different points: a Kafka producer's {@code send}
 * returns once the record is in its buffer, before its I/O thread sends it; the acknowledgement is the return of the
 * future's {@code get}. Calls of overloads of one method inside each other are one call (one hit).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BrokerBoundaries {

    private static final String KAFKA_PRODUCER = "org.apache.kafka.clients.producer.KafkaProducer";
    private static final String KAFKA_FUTURE = "org.apache.kafka.clients.producer.internals.FutureRecordMetadata";
    private static final String KAFKA_CONSUMER = "org.apache.kafka.clients.consumer.KafkaConsumer";
    private static final String ARTEMIS = "org.apache.activemq.artemis.jms.client.";
    private static final String CLASSIC = "org.apache.activemq.";
    private static final String RABBIT_CHANNEL = "com.rabbitmq.client.impl.ChannelN";

    /** Before {@code KafkaProducer.send}. */
    public static final String KAFKA_BEFORE_SEND = "before-kafka-send";
    /** {@code KafkaProducer.send} returned: the record is in the producer's buffer, not known to be on the broker. */
    public static final String KAFKA_AFTER_SEND = "after-kafka-send";
    /** The future of a send returned from {@code get}: the broker acknowledged the record. */
    public static final String KAFKA_ACKNOWLEDGED = "after-kafka-broker-acknowledged";
    /** {@code KafkaProducer.flush} returned: every record sent before it was acknowledged. */
    public static final String KAFKA_AFTER_FLUSH = "after-kafka-flush";
    /** Before {@code KafkaProducer.commitTransaction}. */
    public static final String KAFKA_BEFORE_TRANSACTION_COMMIT = "before-kafka-transaction-commit";
    /** {@code KafkaProducer.commitTransaction} returned. */
    public static final String KAFKA_AFTER_TRANSACTION_COMMIT = "after-kafka-transaction-commit";
    /** Before {@code KafkaConsumer.commitSync}. */
    public static final String KAFKA_BEFORE_OFFSET_COMMIT = "before-kafka-offset-commit";
    /** {@code KafkaConsumer.commitSync} returned: the group's offsets are on the broker. */
    public static final String KAFKA_AFTER_OFFSET_COMMIT = "after-kafka-offset-commit";
    /** {@code KafkaConsumer.commitAsync} returned: the commit is handed to the client, not known to be done. */
    public static final String KAFKA_AFTER_ASYNC_OFFSET_COMMIT = "after-kafka-async-offset-commit";

    /** Before a JMS {@code MessageProducer.send}. */
    public static final String JMS_BEFORE_SEND = "before-jms-send";
    /** A JMS {@code MessageProducer.send} returned (a persistent message: the broker has it). */
    public static final String JMS_AFTER_SEND = "after-jms-send";
    /** Before a JMS {@code Session.commit}. */
    public static final String JMS_BEFORE_COMMIT = "before-jms-session-commit";
    /** A JMS {@code Session.commit} returned. */
    public static final String JMS_AFTER_COMMIT = "after-jms-session-commit";
    /** Before a JMS {@code Message.acknowledge}. */
    public static final String JMS_BEFORE_ACKNOWLEDGE = "before-jms-acknowledge";
    /** A JMS {@code Message.acknowledge} returned. */
    public static final String JMS_AFTER_ACKNOWLEDGE = "after-jms-acknowledge";

    /** Before RabbitMQ's {@code Channel.basicPublish}. */
    public static final String RABBIT_BEFORE_PUBLISH = "before-rabbitmq-publish";
    /** {@code Channel.basicPublish} returned: the message is written, not known to be confirmed. */
    public static final String RABBIT_AFTER_PUBLISH = "after-rabbitmq-publish";
    /** {@code Channel.waitForConfirms} (or {@code waitForConfirmsOrDie}) returned: the broker confirmed. */
    public static final String RABBIT_CONFIRMED = "after-rabbitmq-publisher-confirm";
    /** Before {@code Channel.basicAck}. */
    public static final String RABBIT_BEFORE_ACK = "before-rabbitmq-ack";
    /** {@code Channel.basicAck} returned. */
    public static final String RABBIT_AFTER_ACK = "after-rabbitmq-ack";
    /** Before {@code Channel.basicNack}. */
    public static final String RABBIT_BEFORE_NACK = "before-rabbitmq-nack";

    /**
     * Calls that hand a message to a client's I/O thread, by the method that returns once it is handed over, with the
     * method inside it where the hand-over begins: a Kafka producer's {@code send} appends the record to its buffer
     * and wakes its I/O thread. From that start until the outer call returns, the engine holds the process's other
     * threads' sends, so that "after Kafka send" is always a point where the record has not left the process, in both
     * modes and whatever the producer's {@code linger.ms}.
     */
    private static final Map<String, Selector.Method> HAND_OVERS = Map.of(KAFKA_PRODUCER + "#send", (Selector.Method)
            Selector.methodEntry("org.apache.kafka.clients.producer.internals.RecordAccumulator#append"));

    /** How case names say each boundary: {@code crash after the Kafka broker acknowledged #1 in ...}. */
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry(KAFKA_BEFORE_SEND, "before Kafka send"),
            Map.entry(KAFKA_AFTER_SEND, "after Kafka send"),
            Map.entry(KAFKA_ACKNOWLEDGED, "after the Kafka broker acknowledged"),
            Map.entry(KAFKA_AFTER_FLUSH, "after Kafka flush"),
            Map.entry(KAFKA_BEFORE_TRANSACTION_COMMIT, "before Kafka transaction commit"),
            Map.entry(KAFKA_AFTER_TRANSACTION_COMMIT, "after Kafka transaction commit"),
            Map.entry(KAFKA_BEFORE_OFFSET_COMMIT, "before Kafka offset commit"),
            Map.entry(KAFKA_AFTER_OFFSET_COMMIT, "after Kafka offset commit"),
            Map.entry(KAFKA_AFTER_ASYNC_OFFSET_COMMIT, "after Kafka async offset commit"),
            Map.entry(JMS_BEFORE_SEND, "before JMS send"),
            Map.entry(JMS_AFTER_SEND, "after JMS send"),
            Map.entry(JMS_BEFORE_COMMIT, "before JMS session commit"),
            Map.entry(JMS_AFTER_COMMIT, "after JMS session commit"),
            Map.entry(JMS_BEFORE_ACKNOWLEDGE, "before JMS acknowledge"),
            Map.entry(JMS_AFTER_ACKNOWLEDGE, "after JMS acknowledge"),
            Map.entry(RABBIT_BEFORE_PUBLISH, "before RabbitMQ publish"),
            Map.entry(RABBIT_AFTER_PUBLISH, "after RabbitMQ publish"),
            Map.entry(RABBIT_CONFIRMED, "after RabbitMQ publisher confirm"),
            Map.entry(RABBIT_BEFORE_ACK, "before RabbitMQ ack"),
            Map.entry(RABBIT_AFTER_ACK, "after RabbitMQ ack"),
            Map.entry(RABBIT_BEFORE_NACK, "before RabbitMQ nack"));

    private BrokerBoundaries() {}

    /**
     * How a case name says the broker boundary called {@code name}: {@code after the Kafka broker acknowledged} for
     * {@value #KAFKA_ACKNOWLEDGED}; empty for a name that is not one of these.
     */
    public static Optional<String> words(String name) {
        return Optional.ofNullable(WORDS.get(name));
    }

    /** Where the hand-over of the method {@code end} selects begins, if it hands messages to an I/O thread. */
    static Optional<Selector.Method> handOverStart(Selector.Method end) {
        return Optional.ofNullable(HAND_OVERS.get(end.typeName() + "#" + end.methodName()));
    }

    /** Kafka's producer and consumer boundaries. */
    public static BoundaryCatalogue kafka() {
        return BoundaryCatalogue.builder("Kafka client")
                .add(KAFKA_BEFORE_SEND, Selector.methodEntry(KAFKA_PRODUCER + "#send"))
                .add(KAFKA_AFTER_SEND, Selector.methodExit(KAFKA_PRODUCER + "#send"))
                .add(KAFKA_ACKNOWLEDGED, Selector.methodExit(KAFKA_FUTURE + "#get"))
                .add(KAFKA_AFTER_FLUSH, Selector.methodExit(KAFKA_PRODUCER + "#flush"))
                .add(KAFKA_BEFORE_TRANSACTION_COMMIT, Selector.methodEntry(KAFKA_PRODUCER + "#commitTransaction"))
                .add(KAFKA_AFTER_TRANSACTION_COMMIT, Selector.methodExit(KAFKA_PRODUCER + "#commitTransaction"))
                .add(KAFKA_BEFORE_OFFSET_COMMIT, Selector.methodEntry(KAFKA_CONSUMER + "#commitSync"))
                .add(KAFKA_AFTER_OFFSET_COMMIT, Selector.methodExit(KAFKA_CONSUMER + "#commitSync"))
                .add(KAFKA_AFTER_ASYNC_OFFSET_COMMIT, Selector.methodExit(KAFKA_CONSUMER + "#commitAsync"))
                .build();
    }

    /** JMS boundaries of ActiveMQ Artemis's client ({@code jakarta.jms} or {@code javax.jms}). */
    public static BoundaryCatalogue artemis() {
        return jms("ActiveMQ Artemis JMS client", ARTEMIS);
    }

    /** JMS boundaries of ActiveMQ Classic's client. */
    public static BoundaryCatalogue activeMqClassic() {
        return jms("ActiveMQ Classic JMS client", CLASSIC);
    }

    private static BoundaryCatalogue jms(String name, String classes) {
        return BoundaryCatalogue.builder(name)
                .add(JMS_BEFORE_SEND, Selector.methodEntry(classes + "ActiveMQMessageProducer#send"))
                .add(JMS_AFTER_SEND, Selector.methodExit(classes + "ActiveMQMessageProducer#send"))
                .add(JMS_BEFORE_COMMIT, Selector.methodEntry(classes + "ActiveMQSession#commit"))
                .add(JMS_AFTER_COMMIT, Selector.methodExit(classes + "ActiveMQSession#commit"))
                .add(JMS_BEFORE_ACKNOWLEDGE, Selector.methodEntry(classes + "ActiveMQMessage#acknowledge"))
                .add(JMS_AFTER_ACKNOWLEDGE, Selector.methodExit(classes + "ActiveMQMessage#acknowledge"))
                .build();
    }

    /** RabbitMQ's Java client boundaries. */
    public static BoundaryCatalogue rabbitMq() {
        return BoundaryCatalogue.builder("RabbitMQ Java client")
                .add(RABBIT_BEFORE_PUBLISH, Selector.methodEntry(RABBIT_CHANNEL + "#basicPublish"))
                .add(RABBIT_AFTER_PUBLISH, Selector.methodExit(RABBIT_CHANNEL + "#basicPublish"))
                .add(RABBIT_CONFIRMED, Selector.methodExit(RABBIT_CHANNEL + "#waitForConfirms"))
                .add(RABBIT_BEFORE_ACK, Selector.methodEntry(RABBIT_CHANNEL + "#basicAck"))
                .add(RABBIT_AFTER_ACK, Selector.methodExit(RABBIT_CHANNEL + "#basicAck"))
                .add(RABBIT_BEFORE_NACK, Selector.methodEntry(RABBIT_CHANNEL + "#basicNack"))
                .build();
    }

    /** The boundaries of the clients that the context class loader (else the kit's) can load; empty without any. */
    public static BoundaryCatalogue onClassPath() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return onClassPath(context != null ? context : BrokerBoundaries.class.getClassLoader());
    }

    /**
     * The boundaries of the clients {@code loader} can load (looked up as resources: nothing is loaded). Artemis
     * wins over ActiveMQ Classic when both are there, as their boundaries share names.
     */
    public static BoundaryCatalogue onClassPath(ClassLoader loader) {
        Objects.requireNonNull(loader, "loader");
        List<BoundaryCatalogue> present = new ArrayList<>();
        if (has(loader, KAFKA_PRODUCER) || has(loader, KAFKA_CONSUMER)) {
            present.add(kafka());
        }
        if (has(loader, ARTEMIS + "ActiveMQMessageProducer")) {
            present.add(artemis());
        } else if (has(loader, CLASSIC + "ActiveMQMessageProducer")) {
            present.add(activeMqClassic());
        }
        if (has(loader, RABBIT_CHANNEL)) {
            present.add(rabbitMq());
        }
        BoundaryCatalogue.Builder all = BoundaryCatalogue.builder("broker clients");
        present.forEach(catalogue -> catalogue.boundaries().forEach(all::add));
        return all.build();
    }

    private static boolean has(ClassLoader loader, String className) {
        return loader.getResource(className.replace('.', '/') + ".class") != null;
    }
}
