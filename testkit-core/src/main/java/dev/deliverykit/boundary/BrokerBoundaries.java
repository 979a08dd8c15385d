package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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

    /**
     * One boundary of a client: its name, whether it is at its method's entry or normal exit, the method (after the
     * catalogue's class prefix) and how case names say it: {@code crash after the Kafka broker acknowledged #1 in ...}.
     */
    private record Row(String name, boolean entry, String method, String words) {

        Selector selector(String classes) {
            return entry ? Selector.methodEntry(classes + method) : Selector.methodExit(classes + method);
        }
    }

    private static Row entry(String name, String method, String words) {
        return new Row(name, true, method, words);
    }

    private static Row exit(String name, String method, String words) {
        return new Row(name, false, method, words);
    }

    private static final List<Row> KAFKA = List.of(
            entry(KAFKA_BEFORE_SEND, KAFKA_PRODUCER + "#send", "before Kafka send"),
            exit(KAFKA_AFTER_SEND, KAFKA_PRODUCER + "#send", "after Kafka send"),
            exit(KAFKA_ACKNOWLEDGED, KAFKA_FUTURE + "#get", "after the Kafka broker acknowledged"),
            exit(KAFKA_AFTER_FLUSH, KAFKA_PRODUCER + "#flush", "after Kafka flush"),
            entry(
                    KAFKA_BEFORE_TRANSACTION_COMMIT,
                    KAFKA_PRODUCER + "#commitTransaction",
                    "before Kafka transaction commit"),
            exit(
                    KAFKA_AFTER_TRANSACTION_COMMIT,
                    KAFKA_PRODUCER + "#commitTransaction",
                    "after Kafka transaction commit"),
            entry(KAFKA_BEFORE_OFFSET_COMMIT, KAFKA_CONSUMER + "#commitSync", "before Kafka offset commit"),
            exit(KAFKA_AFTER_OFFSET_COMMIT, KAFKA_CONSUMER + "#commitSync", "after Kafka offset commit"),
            exit(KAFKA_AFTER_ASYNC_OFFSET_COMMIT, KAFKA_CONSUMER + "#commitAsync", "after Kafka async offset commit"));

    /** The JMS rows, after the class prefix of ActiveMQ Artemis's or ActiveMQ Classic's client. */
    private static final List<Row> JMS = List.of(
            entry(JMS_BEFORE_SEND, "ActiveMQMessageProducer#send", "before JMS send"),
            exit(JMS_AFTER_SEND, "ActiveMQMessageProducer#send", "after JMS send"),
            entry(JMS_BEFORE_COMMIT, "ActiveMQSession#commit", "before JMS session commit"),
            exit(JMS_AFTER_COMMIT, "ActiveMQSession#commit", "after JMS session commit"),
            entry(JMS_BEFORE_ACKNOWLEDGE, "ActiveMQMessage#acknowledge", "before JMS acknowledge"),
            exit(JMS_AFTER_ACKNOWLEDGE, "ActiveMQMessage#acknowledge", "after JMS acknowledge"));

    private static final List<Row> RABBIT = List.of(
            entry(RABBIT_BEFORE_PUBLISH, "#basicPublish", "before RabbitMQ publish"),
            exit(RABBIT_AFTER_PUBLISH, "#basicPublish", "after RabbitMQ publish"),
            exit(RABBIT_CONFIRMED, "#waitForConfirms", "after RabbitMQ publisher confirm"),
            entry(RABBIT_BEFORE_ACK, "#basicAck", "before RabbitMQ ack"),
            exit(RABBIT_AFTER_ACK, "#basicAck", "after RabbitMQ ack"),
            entry(RABBIT_BEFORE_NACK, "#basicNack", "before RabbitMQ nack"));

    private static final Map<String, String> WORDS = Stream.of(KAFKA, JMS, RABBIT)
            .flatMap(List::stream)
            .collect(Collectors.toUnmodifiableMap(Row::name, Row::words));

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
        return catalogue("Kafka client", "", KAFKA);
    }

    /** JMS boundaries of ActiveMQ Artemis's client ({@code jakarta.jms} or {@code javax.jms}). */
    public static BoundaryCatalogue artemis() {
        return catalogue("ActiveMQ Artemis JMS client", ARTEMIS, JMS);
    }

    /** JMS boundaries of ActiveMQ Classic's client. */
    public static BoundaryCatalogue activeMqClassic() {
        return catalogue("ActiveMQ Classic JMS client", CLASSIC, JMS);
    }

    /** RabbitMQ's Java client boundaries. */
    public static BoundaryCatalogue rabbitMq() {
        return catalogue("RabbitMQ Java client", RABBIT_CHANNEL, RABBIT);
    }

    private static BoundaryCatalogue catalogue(String name, String classes, List<Row> rows) {
        BoundaryCatalogue.Builder catalogue = BoundaryCatalogue.builder(name);
        rows.forEach(row -> catalogue.add(row.name(), row.selector(classes)));
        return catalogue.build();
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
