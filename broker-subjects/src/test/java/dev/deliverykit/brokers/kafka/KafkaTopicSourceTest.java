package dev.deliverykit.brokers.kafka;

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
import dev.deliverykit.invariant.kafka.KafkaTopicSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Kafka topic as an invariant's side, against a real broker: what only the broker shows (a message the relay
 * sent twice, one it never sent) is caught, and a broker, topic or record that does not fit fails the check by name.
 */
class KafkaTopicSourceTest {

    static final EmbeddedKafka KAFKA = EmbeddedKafka.get();

    @TempDir
    Path dir;

    String topic;
    JdbcSource orders;

    @BeforeEach
    void outbox() throws Exception {
        topic = Names.unique("shipments");
        KAFKA.createTopic(topic, 2);
        String url = "jdbc:sqlite:" + dir.resolve("orders.db");
        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE outbox_message(message_id TEXT PRIMARY KEY, order_id TEXT)");
            statement.execute("INSERT INTO outbox_message VALUES ('m-1', 'o-1'), ('m-2', 'o-2'), ('m-3', 'o-3')");
        }
        orders = JdbcSource.url(url).named("orders.db");
    }

    private KafkaTopicSource byMessageId() {
        return KafkaTopicSource.byHeader(
                topic, "message-id", () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers()));
    }

    /** Sends records {@code key -> message-id header} to the topic's partition {@code partition}, and waits. */
    private void send(int partition, String... keysAndIds) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(KAFKA.producerConfig())) {
            for (int i = 0; i < keysAndIds.length; i += 2) {
                ProducerRecord<String, String> record =
                        new ProducerRecord<>(topic, partition, keysAndIds[i], "{\"order\":\"" + keysAndIds[i] + "\"}");
                if (keysAndIds[i + 1] != null) {
                    record.headers().add("message-id", keysAndIds[i + 1].getBytes(StandardCharsets.UTF_8));
                }
                producer.send(record).get();
            }
        }
    }

    @Test
    void aMessageTheRelaySentTwiceAndOneItNeverSentAreCaughtOnTheTopic() throws Exception {
        send(0, "o-1", "m-1", "o-3", "m-3");
        send(1, "o-3", "m-3");
        Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the topic once")
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(byMessageId());

        InvariantResult result = sentOnce.check();

        assertThat(result.message()).isEqualTo("""
                every outbox message on the topic once: violated (checked 3 intent keys, 3 effect rows)
                  lost intent: 1 key
                    m-2: found 0 effects, expected exactly 1
                  duplicate effect: 1 key
                    m-3: found 2 effects, expected exactly 1""");
        assertThat(sentOnce.description())
                .isEqualTo("every intent key of outbox_message.message_id on orders.db has exactly 1 effect in Kafka"
                        + " topic " + topic + " by header message-id (and no key has 2 or more)");
        assertThat(result.evidence()).isEqualTo(Evidence.ROWS_READ);
    }

    @Test
    void recordKeysAndHeadersMakeCompositeKeysReadPartitionByPartitionInOffsetOrder() throws Exception {
        send(1, "o-2", "1", "o-2", "2");
        send(0, "o-1", "1", "o-1", "3", "o-1", "2");
        KafkaTopicSource steps = KafkaTopicSource.byRecordKey(
                        topic, () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers()))
                .andHeader("message-id");

        assertThat(Invariants.contiguousPrefixPerFlow("steps in order per order")
                        .appliedFrom(steps)
                        .check()
                        .message())
                .isEqualTo("""
                        steps in order per order: violated (checked 2 flows, 5 applied records)
                          not a contiguous prefix: 1 flow
                            o-1: found seq 1, 3, 2 in application order (seq 2 applied after seq 3), expected seq 1, 2, 3,\
                         each once, in this order""");
        assertThat(steps.name()).isEqualTo("Kafka topic " + topic + " by record key, header message-id");
    }

    @Test
    void anEmptyTopicReadsNothingAndSaysSo() {
        InvariantResult result =
                Invariants.atMostOncePerKey().effectsFrom(byMessageId()).check();

        assertThat(result.message()).isEqualTo("at most once per key: holds (checked 0 effect rows, 0 keys)");
        assertThat(result.evidence()).isEqualTo(Evidence.NOTHING_READ);
    }

    @Test
    void onlyCommittedRecordsCountAndTheReadJoinsNoGroupAndCommitsNothing() throws Exception {
        send(0, "o-1", "m-1");
        List<String> groupsBefore = groups();
        Map<String, Object> transactional = new HashMap<>(KAFKA.producerConfig());
        transactional.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, Names.unique("relay"));
        try (KafkaProducer<String, String> aborted = new KafkaProducer<>(transactional)) {
            aborted.initTransactions();
            aborted.beginTransaction();
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, 0, "o-2", "{}");
            record.headers().add("message-id", "m-2".getBytes(StandardCharsets.UTF_8));
            aborted.send(record).get();
            aborted.abortTransaction();
        }
        Invariant sentOnce = Invariants.exactlyOncePerKey()
                .intentsIn(orders, "outbox_message", "message_id")
                .effectsFrom(byMessageId());

        assertThat(sentOnce.check().message()).isEqualTo("""
                exactly once per key: violated (checked 3 intent keys, 1 effect row)
                  lost intent: 2 keys
                    m-2: found 0 effects, expected exactly 1
                    m-3: found 0 effects, expected exactly 1""");
        assertThat(groups()).isEqualTo(groupsBefore); // other tests' consumers' groups, and no new one
    }

    private static List<String> groups() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            return admin.listGroups().all().get().stream()
                    .map(group -> group.groupId())
                    .sorted()
                    .toList();
        }
    }

    @Test
    void aTopicThatDoesNotExistIsAWrongDefinition() {
        Invariant invariant = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(KafkaTopicSource.byRecordKey(
                        "shipmnets", () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers())));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from Kafka topic shipmnets by record key: the topic"
                        + " shipmnets does not exist on " + KAFKA.bootstrapServers() + ". An invariant never creates"
                        + " it: check its name, and that the code under test (or the test's set-up) created it.");
    }

    @Test
    void aRecordWithoutTheHeaderOrWithoutAKeyIsNamedByPartitionAndOffset() throws Exception {
        send(1, "o-1", "m-1", "o-2", null);
        send(0, null, "m-3");
        Invariant byHeader = Invariants.atMostOncePerKey("shipped once").effectsFrom(byMessageId());
        Invariant byKey = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(KafkaTopicSource.byRecordKey(
                        topic, () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers())));

        assertThatThrownBy(byHeader::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from Kafka topic " + topic + " by header"
                        + " message-id: the record at partition 1, offset 1 has no header message-id (its headers:"
                        + " none). Every record must carry it, or key the source another way.");
        assertThatThrownBy(byKey::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from Kafka topic " + topic + " by record key: the"
                        + " record at partition 0, offset 0 has no key. Key the source by a header the records carry,"
                        + " or give every record a key.");
    }

    @Test
    void aBrokerThatDoesNotAnswerFailsTheCheckWithinTheTimeout() {
        String nowhere = "127.0.0.1:" + FreePorts.next();
        Invariant invariant = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(KafkaTopicSource.byRecordKey("shipments", () -> Map.of("bootstrap.servers", nowhere))
                        .timeout(Duration.ofSeconds(2)));

        assertThatThrownBy(invariant::check)
                .isInstanceOf(InvariantSourceException.class)
                .hasMessage("invariant 'shipped once' could not read its effects from Kafka topic shipments by record"
                        + " key: no answer from " + nowhere + " within 2 s (Timeout expired while fetching topic"
                        + " metadata). Check that the broker runs and that bootstrap.servers names it.");
    }

    @Test
    void aConfigurationWithoutServersOrThatTheClientRefusesIsAWrongDefinition() {
        Invariant noServers = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(KafkaTopicSource.byRecordKey("shipments", () -> Map.of("client.id", "checker")));
        Invariant refused = Invariants.atMostOncePerKey("shipped once")
                .effectsFrom(KafkaTopicSource.byRecordKey(
                        "shipments",
                        () -> Map.of("bootstrap.servers", KAFKA.bootstrapServers(), "fetch.min.bytes", "-")));

        assertThatThrownBy(noServers::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from Kafka topic shipments by record key: its"
                        + " consumer configuration names no bootstrap.servers (it was {client.id=checker}).");
        assertThatThrownBy(refused::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'shipped once': its effects from Kafka topic shipments by record key: its"
                        + " consumer configuration is refused: Invalid value - for configuration fetch.min.bytes:"
                        + " Not a number of type INT");
    }

    @Test
    void aNamedSourceIsDescribedByItsName() {
        assertThat(byMessageId().named("the shipments topic").name()).isEqualTo("the shipments topic");
        assertThat(List.of(byMessageId().toString())).containsExactly("Kafka topic " + topic + " by header message-id");
    }
}
