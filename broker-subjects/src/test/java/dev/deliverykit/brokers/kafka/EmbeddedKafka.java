package dev.deliverykit.brokers.kafka;

import dev.deliverykit.brokers.FreePorts;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * One Apache Kafka broker in KRaft mode, a single node that is both broker and controller, on 127.0.0.1 with a
 * temporary log directory: started once per test JVM, at its first use, and stopped when the JVM exits.
 *
 * <p>A child JVM of a {@code CHILD_PROCESS} case reruns the test's set-up, and must reach the test JVM's broker, not
 * start a second one: the broker's address is a system property of the test JVM, which children inherit, so a JVM
 * that finds it uses that broker.
 */
public final class EmbeddedKafka {

    /** The system property that holds the running broker's {@code bootstrap.servers}. */
    public static final String BOOTSTRAP_PROPERTY = "deliverykit.brokers.kafka.bootstrap";

    private static EmbeddedKafka instance;

    private final String bootstrapServers;
    private final Duration startTime;

    private EmbeddedKafka(String bootstrapServers, Duration startTime) {
        this.bootstrapServers = bootstrapServers;
        this.startTime = startTime;
    }

    /** The broker of this JVM, or of the test JVM that started this one; started now if there is none. */
    public static synchronized EmbeddedKafka get() {
        if (instance == null) {
            String running = System.getProperty(BOOTSTRAP_PROPERTY);
            instance = running != null ? new EmbeddedKafka(running, Duration.ZERO) : start();
        }
        return instance;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** How long this JVM took to start the broker (zero when it uses another JVM's). */
    public Duration startTime() {
        return startTime;
    }

    /** A new topic; each test uses topics of its own, named after its case, so cases never see each other. */
    public void createTopic(String topic, int partitions) {
        createTopic(bootstrapServers, topic, partitions);
    }

    private static void createTopic(String bootstrapServers, String topic, int partitions) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                    .all()
                    .get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("topic " + topic + " not created", e.getCause());
        }
    }

    /** What a producer of the tests' code needs besides its own choices: the broker, string keys and values. */
    public Map<String, Object> producerConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        return config;
    }

    /** What a consumer of the tests' code needs besides its group settings: the broker, string keys and values. */
    public Map<String, Object> consumerConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        return config;
    }

    private static EmbeddedKafka start() {
        long started = System.nanoTime();
        Path logDir;
        try {
            logDir = Files.createTempDirectory("deliverykit-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int brokerPort = FreePorts.next();
        int controllerPort = FreePorts.next();
        Map<String, Object> props = new HashMap<>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", "1");
        props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        // Topics exist because a test created them: a misspelt topic is an error, not a new empty topic.
        props.put("auto.create.topics.enable", "false");
        // One node: every internal topic with one replica and one partition, so each is ready at once.
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("transaction.state.log.num.partitions", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        // A classic group's first member is assigned at once instead of after the default 3 s wait for others.
        props.put("group.initial.rebalance.delay.ms", "0");
        // Lets the tests' consumers choose short sessions (see KafkaShipping's group settings).
        props.put("group.min.session.timeout.ms", "500");
        KafkaConfig config = new KafkaConfig(props, false);
        format(config, logDir);
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, logDir), "embedded-kafka-stop"));
        String bootstrap = "127.0.0.1:" + brokerPort;
        createTopic(bootstrap, "deliverykit-ready", 1); // started: the broker answers and takes metadata changes
        System.setProperty(BOOTSTRAP_PROPERTY, bootstrap);
        return new EmbeddedKafka(bootstrap, Duration.ofNanos(System.nanoTime() - started));
    }

    /** What {@code kafka-storage format} does: a cluster id and the metadata log's bootstrap records. */
    private static void format(KafkaConfig config, Path logDir) {
        try {
            new Formatter()
                    .setPrintStream(new PrintStream(PrintStream.nullOutputStream()))
                    .setNodeId(config.nodeId())
                    .setClusterId(Uuid.randomUuid().toString())
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(Optional.of(logDir.toString()))
                    .setControllerListenerName("CONTROLLER")
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException("could not format " + logDir, e);
        }
    }

    private static void stop(KafkaRaftServer server, Path logDir) {
        server.shutdown();
        server.awaitShutdown();
        try (Stream<Path> files = Files.walk(logDir)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory the JVM leaves behind is no failure of the tests
        }
    }
}
