package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.FreePorts;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * One ActiveMQ Artemis broker, JMS over TCP on 127.0.0.1, its journal on a temporary directory: started once per
 * test JVM, at its first use, and stopped when the JVM exits. Like {@link dev.deliverykit.brokers.kafka.EmbeddedKafka},
 * a child JVM finds the test JVM's broker through a system property and uses it.
 */
public final class EmbeddedArtemis {

    /** The system property that holds the running broker's URL. */
    public static final String URL_PROPERTY = "deliverykit.brokers.artemis.url";

    private static EmbeddedArtemis instance;

    private final String url;
    private final EmbeddedActiveMQ server; // null in a JVM that uses another JVM's broker
    private final Duration startTime;

    private EmbeddedArtemis(String url, EmbeddedActiveMQ server, Duration startTime) {
        this.url = url;
        this.server = server;
        this.startTime = startTime;
    }

    /** The broker of this JVM, or of the test JVM that started this one; started now if there is none. */
    public static synchronized EmbeddedArtemis get() {
        if (instance == null) {
            String running = System.getProperty(URL_PROPERTY);
            instance = running != null ? new EmbeddedArtemis(running, null, Duration.ZERO) : start();
        }
        return instance;
    }

    public String url() {
        return url;
    }

    /** How long this JVM took to start the broker (zero when it uses another JVM's). */
    public Duration startTime() {
        return startTime;
    }

    /** A new connection factory for the tests' code, as an application builds its own. */
    public ConnectionFactory connectionFactory() {
        return new ActiveMQConnectionFactory(url);
    }

    /** A new durable queue; each test uses queues of its own, named after its case. */
    public void createQueue(String queue) {
        if (server == null) {
            throw new IllegalStateException("queues are created by the test JVM, which runs the broker");
        }
        try {
            server.getActiveMQServer()
                    .createQueue(QueueConfiguration.of(queue)
                            .setRoutingType(RoutingType.ANYCAST)
                            .setDurable(true)
                            .setAutoCreateAddress(true));
        } catch (Exception e) {
            throw new IllegalStateException("queue " + queue + " not created", e);
        }
    }

    /**
     * Waits until no message of {@code queue} is out for delivery: the state a fresh process finds once the broker has
     * noticed that the consumer of a dead process is gone (its socket closed) and put its unacknowledged messages
     * back. Polls the broker's own count, for at most {@code timeout}; it orders nothing, it waits for the broker.
     */
    public void awaitNothingInDelivery(String queue, Duration timeout) {
        if (server == null) {
            throw new IllegalStateException("the broker's queues are looked at in the test JVM, which runs it");
        }
        Queue broker = server.getActiveMQServer().locateQueue(queue);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (broker.getDeliveringCount() > 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(broker.getDeliveringCount() + " messages of " + queue
                        + " still out for delivery after " + timeout);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    private static EmbeddedArtemis start() {
        long started = System.nanoTime();
        Path dir;
        try {
            dir = Files.createTempDirectory("deliverykit-artemis-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int port = FreePorts.next();
        String url = "tcp://127.0.0.1:" + port;
        Configuration config = new ConfigurationImpl()
                .setPersistenceEnabled(true)
                .setJournalType(JournalType.NIO) // no native libaio: the same journal on every machine
                .setJournalDirectory(dir.resolve("journal").toString())
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large-messages").toString())
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false);
        try {
            config.addAcceptorConfiguration("tcp", url);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        // Queues exist because a test created them: a misspelt queue is an error, not a new empty queue.
        config.addAddressSetting(
                "#", new AddressSettings().setAutoCreateQueues(false).setAutoCreateAddresses(false));
        EmbeddedActiveMQ server = new EmbeddedActiveMQ().setConfiguration(config);
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("Artemis did not start on " + url, e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, dir), "embedded-artemis-stop"));
        warmUpClient(url);
        System.setProperty(URL_PROPERTY, url);
        return new EmbeddedArtemis(url, server, Duration.ofNanos(System.nanoTime() - started));
    }

    /**
     * Starts the JMS client's shared threads here, on a thread of no crash test's process. The client's Netty event
     * loops (threads "activemq-client-remoting", three per core) start lazily, one per new connection in turn, and
     * stop some time after the last connection of the JVM closed; started inside a workload, they belong to its
     * process and are still busy in their selector when the kit waits for the process to stop. So one connection per
     * loop starts them all, and the first one stays open for the JVM's life.
     */
    private static void warmUpClient(String url) {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i <= 3 * Runtime.getRuntime().availableProcessors(); i++) {
                Connection connection = factory.createConnection();
                connection.start();
                connections.add(connection);
            }
            for (Connection connection : connections.subList(1, connections.size())) {
                connection.close();
            }
        } catch (JMSException e) {
            throw new IllegalStateException("Artemis started but refused a connection on " + url, e);
        }
    }

    private static void stop(EmbeddedActiveMQ server, Path dir) {
        try {
            server.stop();
        } catch (Exception e) {
            // the JVM exits anyway
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory the JVM leaves behind is no failure of the tests
        }
    }
}
