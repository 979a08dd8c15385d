package dev.deliverykit.invariant.kafka;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.RecordRead;
import dev.deliverykit.invariant.RecordRows;
import dev.deliverykit.invariant.RecordSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apiguardian.api.API;

/**
 * The records of a Kafka topic as an invariant's side, keyed by their record key, by a header, or by several of
 * those: a message the relay sent twice is two records with one key, a lost one is a key with none.
 *
 * <p>Each read uses a new consumer of its own, in no group (it joins nothing and commits nothing, so the code under
 * test's offsets are never touched), with {@code isolation.level=read_committed} (a record of a transaction the
 * producer never committed is not there) and {@code allow.auto.create.topics=false}. It takes the end offsets of
 * every partition when the check starts and reads each partition from its beginning up to them, so a record
 * produced meanwhile is not read; then it closes the consumer. Rows come partition by partition, each in offset
 * order. Keys and header values are read as UTF-8 text.
 *
 * <pre>{@code
 * final RecordSource shipments = KafkaTopicSource.byHeader(
 *         "shipments", "message-id", () -> Map.of("bootstrap.servers", kafka.bootstrapServers()));
 *
 * @CheckInvariant
 * final Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the topic once")
 *         .intentsIn(orders, "outbox_message", "message_id")
 *         .effectsFrom(shipments);
 * }</pre>
 *
 * <p>The configuration is asked for at every read, so it may name a broker started later; it is a consumer's
 * (security settings and all), of which the group settings are ignored. A broker that does not answer within the
 * {@link #timeout(Duration) timeout} fails the check with an {@code InvariantSourceException}; a topic that does not
 * exist, or a record without the key or header the source is keyed by, with an {@code InvariantDefinitionException}
 * naming the record's partition and offset.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class KafkaTopicSource implements RecordSource {

    /** How long a read waits for the broker, per request and for reading up to the end offsets. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** What one column of a row is read from. */
    private record Column(String header) {
        static final Column RECORD_KEY = new Column(null);

        String label() {
            return header == null ? "key" : header;
        }

        String describe() {
            return header == null ? "record key" : "header " + header;
        }
    }

    private final Supplier<String> topic;
    private final Supplier<? extends Map<String, ?>> consumerConfig;
    private final List<Column> columns;
    private final String name;
    private final Duration timeout;

    private KafkaTopicSource(
            Supplier<String> topic,
            Supplier<? extends Map<String, ?>> consumerConfig,
            List<Column> columns,
            String name,
            Duration timeout) {
        this.topic = topic;
        this.consumerConfig = consumerConfig;
        this.columns = List.copyOf(columns);
        this.name = name;
        this.timeout = timeout;
    }

    /**
     * The topic's records keyed by their record key.
     *
     * @param consumerConfig a consumer's configuration, at least {@code bootstrap.servers}, asked for at each read
     */
    public static KafkaTopicSource byRecordKey(String topic, Supplier<? extends Map<String, ?>> consumerConfig) {
        String fixed = requireText(topic, "topic");
        return byRecordKey(() -> fixed, consumerConfig);
    }

    /**
     * {@link #byRecordKey(String, Supplier)} for a topic named only at each read, for example after a
     * {@code @TempDir} of the case, which JUnit fills in after the field was built.
     */
    public static KafkaTopicSource byRecordKey(
            Supplier<String> topic, Supplier<? extends Map<String, ?>> consumerConfig) {
        return new KafkaTopicSource(
                Objects.requireNonNull(topic, "topic"),
                Objects.requireNonNull(consumerConfig, "consumerConfig"),
                List.of(Column.RECORD_KEY),
                null,
                DEFAULT_TIMEOUT);
    }

    /**
     * The topic's records keyed by the value of one header (its last value, if a record has it twice), for example
     * the message id an outbox relay sends along.
     */
    public static KafkaTopicSource byHeader(
            String topic, String header, Supplier<? extends Map<String, ?>> consumerConfig) {
        String fixed = requireText(topic, "topic");
        return byHeader(() -> fixed, header, consumerConfig);
    }

    /** {@link #byHeader(String, String, Supplier)} for a topic named only at each read. */
    public static KafkaTopicSource byHeader(
            Supplier<String> topic, String header, Supplier<? extends Map<String, ?>> consumerConfig) {
        return new KafkaTopicSource(
                Objects.requireNonNull(topic, "topic"),
                Objects.requireNonNull(consumerConfig, "consumerConfig"),
                List.of(new Column(requireText(header, "header"))),
                null,
                DEFAULT_TIMEOUT);
    }

    /**
     * The same records with one more column, the value of {@code header}: a composite key, or a flow (the record key)
     * and its sequence number for {@code contiguousPrefixPerFlow().appliedFrom(source)}.
     */
    public KafkaTopicSource andHeader(String header) {
        List<Column> more = new ArrayList<>(columns);
        more.add(new Column(requireText(header, "header")));
        return new KafkaTopicSource(topic, consumerConfig, more, name, timeout);
    }

    /** The same records under another name in descriptions and messages. */
    public KafkaTopicSource named(String newName) {
        return new KafkaTopicSource(topic, consumerConfig, columns, requireText(newName, "name"), timeout);
    }

    /** The same records, read with another timeout than {@link #DEFAULT_TIMEOUT}. */
    public KafkaTopicSource timeout(Duration newTimeout) {
        Objects.requireNonNull(newTimeout, "timeout");
        if (newTimeout.isNegative() || newTimeout.isZero()) {
            throw new IllegalArgumentException(KafkaSourceMessages.timeoutNotPositive(newTimeout));
        }
        return new KafkaTopicSource(topic, consumerConfig, columns, name, newTimeout);
    }

    /**
     * {@code Kafka topic shipments by header message-id}, or the name given with {@link #named(String)}; a topic
     * named by a supplier that cannot answer yet is {@code Kafka topic (named at check time)}.
     */
    @Override
    public String name() {
        if (name != null) {
            return name;
        }
        return "Kafka topic " + topicOrPlaceholder() + " by "
                + columns.stream().map(Column::describe).collect(Collectors.joining(", "));
    }

    private String topicOrPlaceholder() {
        try {
            String resolved = topic.get();
            return resolved == null ? "(named at check time)" : resolved;
        } catch (RuntimeException notYetKnown) {
            // A @TempDir-based name asked for before the directory exists: naming must never fail.
            return "(named at check time)";
        }
    }

    @Override
    public RecordRows read(RecordRead read) {
        String topic = this.topic.get();
        if (topic == null || topic.isBlank()) {
            throw read.wrongDefinition("its topic supplier named no topic (it returned " + topic + ").");
        }
        Map<String, Object> config = config(read);
        String servers = String.valueOf(config.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG));
        KafkaConsumer<byte[], byte[]> consumer;
        try {
            consumer = new KafkaConsumer<>(config);
        } catch (ConfigException e) {
            throw read.wrongDefinition("its consumer configuration is refused: " + e.getMessage(), e);
        } catch (KafkaException e) {
            throw read.unreachable("no consumer could be created for " + servers + ": " + e.getMessage(), e);
        }
        try {
            return read(read, consumer, topic, servers);
        } catch (TimeoutException e) {
            throw read.unreachable(
                    "no answer from " + servers + " within " + seconds(timeout) + " (" + e.getMessage()
                            + "). Check that the broker runs and that bootstrap.servers names it.",
                    e);
        } catch (KafkaException e) {
            throw read.unreachable("the broker at " + servers + " failed the read: " + e.getMessage(), e);
        } finally {
            // Nothing to commit or leave: the close need not wait for a fetch still held by the broker.
            consumer.close(Duration.ZERO);
        }
    }

    private RecordRows read(RecordRead read, KafkaConsumer<byte[], byte[]> consumer, String topic, String servers) {
        List<PartitionInfo> partitions = consumer.partitionsFor(topic, timeout);
        if (partitions == null || partitions.isEmpty()) {
            throw read.wrongDefinition("the topic " + topic + " does not exist on " + servers
                    + ". An invariant never creates it: check its name, and that the code under test (or the test's"
                    + " set-up) created it.");
        }
        List<TopicPartition> topicPartitions = partitions.stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .sorted(Comparator.comparingInt(TopicPartition::partition))
                .toList();
        consumer.assign(topicPartitions);
        consumer.seekToBeginning(topicPartitions);
        // Under read_committed these are the last stable offsets: nothing of an open transaction is waited for.
        Map<TopicPartition, Long> ends = consumer.endOffsets(topicPartitions, timeout);
        Map<TopicPartition, List<List<String>>> rows = new HashMap<>();
        topicPartitions.forEach(tp -> rows.put(tp, new ArrayList<>()));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!atEnd(consumer, topicPartitions, ends)) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException(KafkaSourceMessages.endNotReached(offsets(ends)));
            }
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                TopicPartition tp = new TopicPartition(record.topic(), record.partition());
                if (record.offset() < ends.get(tp)) { // records produced after the check began are not judged
                    rows.get(tp).add(row(read, record));
                }
            }
        }
        List<List<String>> all = new ArrayList<>();
        topicPartitions.forEach(tp -> all.addAll(rows.get(tp)));
        return new RecordRows(columns.stream().map(Column::label).toList(), all);
    }

    private boolean atEnd(
            KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions, Map<TopicPartition, Long> ends) {
        for (TopicPartition tp : partitions) {
            if (consumer.position(tp, timeout) < ends.get(tp)) {
                return false;
            }
        }
        return true;
    }

    private List<String> row(RecordRead read, ConsumerRecord<byte[], byte[]> record) {
        List<String> row = new ArrayList<>(columns.size());
        for (Column column : columns) {
            if (column.header() == null) {
                if (record.key() == null) {
                    throw read.wrongDefinition("the record at partition " + record.partition() + ", offset "
                            + record.offset() + " has no key. Key the source by a header the records carry, or"
                            + " give every record a key.");
                }
                row.add(new String(record.key(), StandardCharsets.UTF_8));
            } else {
                Header header = record.headers().lastHeader(column.header());
                if (header == null || header.value() == null) {
                    throw read.wrongDefinition("the record at partition " + record.partition() + ", offset "
                            + record.offset() + " has no header " + column.header() + " (its headers: "
                            + headerNames(record) + "). Every record must carry it, or key the source another way.");
                }
                row.add(new String(header.value(), StandardCharsets.UTF_8));
            }
        }
        return row;
    }

    private static String headerNames(ConsumerRecord<byte[], byte[]> record) {
        List<String> names = StreamSupport.stream(record.headers().spliterator(), false)
                .map(Header::key)
                .toList();
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** The user's consumer settings with everything that would let a read join, commit or create overridden. */
    private Map<String, Object> config(RecordRead read) {
        Map<String, ?> given;
        try {
            given = consumerConfig.get();
        } catch (RuntimeException e) {
            throw read.unreachable("its consumer configuration could not be had: " + e, e);
        }
        if (given == null || given.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG) == null) {
            throw read.wrongDefinition("its consumer configuration names no " + ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG
                    + " (it was " + given + ").");
        }
        Map<String, Object> config = new HashMap<>(given);
        config.remove(ConsumerConfig.GROUP_ID_CONFIG);
        config.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        config.remove(ConsumerConfig.GROUP_PROTOCOL_CONFIG);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        config.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        return config;
    }

    private static String offsets(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparingInt(TopicPartition::partition)))
                .map(e -> e.getKey().partition() + ":" + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private static String requireText(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank()) {
            throw new IllegalArgumentException(KafkaSourceMessages.blank(what));
        }
        return value;
    }

    @Override
    public String toString() {
        return name();
    }
}
