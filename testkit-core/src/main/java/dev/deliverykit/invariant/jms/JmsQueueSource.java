package dev.deliverykit.invariant.jms;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.RecordRead;
import dev.deliverykit.invariant.RecordRows;
import dev.deliverykit.invariant.RecordSource;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The messages waiting on a JMS queue as an invariant's side, keyed by {@code JMSMessageID},
 * {@code JMSCorrelationID}, a message property, or several of those. It browses the queue (a
 * {@link QueueBrowser}): nothing is consumed or acknowledged, and a message a transacted session has not committed
 * is not there. Rows come in the order the browser gives, the queue's order.
 *
 * <pre>{@code
 * final RecordSource shipments = JmsQueueSource.byProperty("shipments", "message_id",
 *         () -> new ActiveMQConnectionFactory(artemis.url()));
 *
 * @CheckInvariant
 * final Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the queue once")
 *         .intentsIn(orders, "outbox_message", "message_id")
 *         .effectsFrom(shipments);
 * }</pre>
 *
 * <p>What a queue holds is what nobody consumed yet: judge the queue where the relay is checked alone, and a
 * consumer's effects in its own database. The factory is asked for at every read, and each read opens and closes a
 * connection of its own. A broker that refuses the connection fails the check with an
 * {@code InvariantSourceException}; a queue the broker will not browse (one it does not know), or a message without
 * the property the source is keyed by, with an {@code InvariantDefinitionException}. A broker that creates queues
 * when they are first used (ActiveMQ Artemis's default) creates a missing queue, empty, instead of refusing it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JmsQueueSource implements RecordSource {

    /** What one column of a row is read from: a header field, or a property ({@code property} not null). */
    private record Column(Field field, String property) {

        String label() {
            return field == Field.PROPERTY ? property : field.header;
        }

        String describe() {
            return field == Field.PROPERTY ? "property " + property : field.header;
        }
    }

    private enum Field {
        MESSAGE_ID("JMSMessageID"),
        CORRELATION_ID("JMSCorrelationID"),
        PROPERTY(null);

        private final String header;

        Field(String header) {
            this.header = header;
        }
    }

    private final Supplier<String> queue;
    private final Supplier<? extends ConnectionFactory> factory;
    private final List<Column> columns;
    private final String name;

    private JmsQueueSource(
            Supplier<String> queue, Supplier<? extends ConnectionFactory> factory, List<Column> columns, String name) {
        this.queue = queue;
        this.factory = factory;
        this.columns = List.copyOf(columns);
        this.name = name;
    }

    /** The queue's messages keyed by {@code JMSMessageID}, which the provider gives each message it sends. */
    public static JmsQueueSource byMessageId(String queue, Supplier<? extends ConnectionFactory> factory) {
        return byMessageId(fixed(queue), factory);
    }

    /**
     * {@link #byMessageId(String, Supplier)} for a queue named only at each read, for example after a {@code @TempDir}
     * of the case, which JUnit fills in after the field was built; the other factories have the same form.
     */
    public static JmsQueueSource byMessageId(Supplier<String> queue, Supplier<? extends ConnectionFactory> factory) {
        return new JmsQueueSource(queue(queue), factory(factory), List.of(new Column(Field.MESSAGE_ID, null)), null);
    }

    /** The queue's messages keyed by {@code JMSCorrelationID}, which the sender sets. */
    public static JmsQueueSource byCorrelationId(String queue, Supplier<? extends ConnectionFactory> factory) {
        return byCorrelationId(fixed(queue), factory);
    }

    /** {@link #byCorrelationId(String, Supplier)} for a queue named only at each read. */
    public static JmsQueueSource byCorrelationId(
            Supplier<String> queue, Supplier<? extends ConnectionFactory> factory) {
        return new JmsQueueSource(
                queue(queue), factory(factory), List.of(new Column(Field.CORRELATION_ID, null)), null);
    }

    /** The queue's messages keyed by the value of a property the sender sets, for example its outbox message id. */
    public static JmsQueueSource byProperty(
            String queue, String property, Supplier<? extends ConnectionFactory> factory) {
        return byProperty(fixed(queue), property, factory);
    }

    /** {@link #byProperty(String, String, Supplier)} for a queue named only at each read. */
    public static JmsQueueSource byProperty(
            Supplier<String> queue, String property, Supplier<? extends ConnectionFactory> factory) {
        return new JmsQueueSource(
                queue(queue),
                factory(factory),
                List.of(new Column(Field.PROPERTY, requireText(property, "property"))),
                null);
    }

    /** The same messages with one more column, the value of {@code property}: a composite key. */
    public JmsQueueSource andProperty(String property) {
        List<Column> more = new ArrayList<>(columns);
        more.add(new Column(Field.PROPERTY, requireText(property, "property")));
        return new JmsQueueSource(queue, factory, more, name);
    }

    /** The same messages under another name in descriptions and messages. */
    public JmsQueueSource named(String newName) {
        return new JmsQueueSource(queue, factory, columns, requireText(newName, "name"));
    }

    /**
     * {@code JMS queue shipments by property message_id}, or the name given with {@link #named(String)}; a queue named
     * by a supplier that cannot answer yet is {@code JMS queue (named at check time)}.
     */
    @Override
    public String name() {
        if (name != null) {
            return name;
        }
        return "JMS queue " + queueOrPlaceholder() + " by "
                + columns.stream().map(Column::describe).collect(Collectors.joining(", "));
    }

    private String queueOrPlaceholder() {
        try {
            String resolved = queue.get();
            return resolved == null ? "(named at check time)" : resolved;
        } catch (RuntimeException notYetKnown) {
            // A @TempDir-based name asked for before the directory exists: naming must never fail.
            return "(named at check time)";
        }
    }

    @Override
    public RecordRows read(RecordRead read) {
        String queue = this.queue.get();
        if (queue == null || queue.isBlank()) {
            throw read.wrongDefinition("its queue supplier named no queue (it returned " + queue + ").");
        }
        ConnectionFactory connections;
        try {
            connections = factory.get();
        } catch (RuntimeException e) {
            throw read.unreachable("its connection factory could not be had: " + e, e);
        }
        if (connections == null) {
            throw read.unreachable("its connection factory supplier returned null.", null);
        }
        try (Connection connection = connections.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            connection.start();
            try (QueueBrowser browser = browser(read, session, queue)) {
                List<List<String>> rows = new ArrayList<>();
                Enumeration<?> messages = browser.getEnumeration();
                while (messages.hasMoreElements()) {
                    rows.add(row(read, (Message) messages.nextElement(), rows.size() + 1));
                }
                return new RecordRows(columns.stream().map(Column::label).toList(), rows);
            }
        } catch (JMSSecurityException e) {
            throw read.unreachable("the broker refused the connection: " + e.getMessage(), e);
        } catch (JMSException | JMSRuntimeException e) {
            throw read.unreachable(
                    "the broker could not be browsed: " + describe(e)
                            + ". Check that it runs and that the connection factory names it.",
                    e);
        }
    }

    /**
     * A browser of the queue. The broker answered the connection, so a refusal here is about the queue: providers
     * say "no such queue" differently (Artemis with a plain {@code JMSException}), and a missing queue is the usual
     * reason.
     */
    private QueueBrowser browser(RecordRead read, Session session, String queue) throws JMSException {
        try {
            return session.createBrowser(session.createQueue(queue));
        } catch (JMSSecurityException e) {
            throw e;
        } catch (JMSException | JMSRuntimeException e) {
            throw read.wrongDefinition(
                    "the broker would not browse the queue " + queue + " (" + e.getMessage() + "). An invariant"
                            + " never creates it: check its name, and that the code under test (or the test's"
                            + " set-up) created it.",
                    e);
        }
    }

    private List<String> row(RecordRead read, Message message, int position) throws JMSException {
        List<String> row = new ArrayList<>(columns.size());
        for (Column column : columns) {
            String value = switch (column.field()) {
                case MESSAGE_ID -> message.getJMSMessageID();
                case CORRELATION_ID -> message.getJMSCorrelationID();
                case PROPERTY ->
                    message.propertyExists(column.property())
                            ? String.valueOf(message.getObjectProperty(column.property()))
                            : null;
            };
            if (value == null) {
                throw read.wrongDefinition("message " + position + " on the queue (" + message.getJMSMessageID()
                        + ") has no " + column.describe() + ". Every message must carry it, or key the source"
                        + " another way.");
            }
            row.add(value);
        }
        return row;
    }

    /** The failure's message and its cause's, which says more for a connection that failed. */
    private static String describe(Exception e) {
        Throwable cause = e instanceof JMSException jms && jms.getLinkedException() != null
                ? jms.getLinkedException()
                : e.getCause();
        if (cause == null || cause.getMessage() == null || cause.getMessage().equals(e.getMessage())) {
            return e.getMessage();
        }
        return e.getMessage() + " (" + cause.getMessage() + ")";
    }

    private static Supplier<String> fixed(String queue) {
        String name = requireText(queue, "queue");
        return () -> name;
    }

    private static Supplier<String> queue(Supplier<String> queue) {
        return Objects.requireNonNull(queue, "queue");
    }

    private static Supplier<? extends ConnectionFactory> factory(Supplier<? extends ConnectionFactory> factory) {
        return Objects.requireNonNull(factory, "factory");
    }

    private static String requireText(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank()) {
            throw new IllegalArgumentException(JmsSourceMessages.blank(what));
        }
        return value;
    }

    @Override
    public String toString() {
        return name();
    }
}
