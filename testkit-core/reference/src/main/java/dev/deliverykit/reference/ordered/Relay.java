package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Sends outbox rows to an {@link OrderedConsumer} and records, in a separate producer transaction, that
 * the consumer has them.
 *
 * <p>{@link #relay()} picks the first row with {@code accepted=0} by {@code (flow_id, seq)};
 * {@link #relay(String)} sends a named row, accepted or not. Only on {@link ReceiveOutcome#ACCEPTED} or a
 * same-body {@link ReceiveOutcome#DUPLICATE} is the row set to {@code accepted=1}; conflicts leave it at 0
 * and are reported. There is no lease: several relays may send the same row and the inbox dedups. Nor is
 * there fair dispatch: a row that always conflicts is picked again by every {@link #relay()}, and rows
 * after it wait until someone relays them by name.
 *
 * <p>Crash boundaries (numbers of the contract's table):
 * <ol start="6">
 * <li>after {@code UPDATE outbox SET accepted = 1 WHERE event_id = ?} ({@code ProducerStore.markAccepted}),
 *     before that transaction's {@code COMMIT}: the inbox row exists, {@code accepted} is still 0;</li>
 * <li>after that {@code COMMIT} (exit of {@code markAccepted}): {@code accepted=1}, the inbox row still
 *     pending.</li>
 * </ol>
 * Boundary 5 (after the receive commit, before the answer reaches the relay) is the exit of
 * {@link OrderedConsumer#receive(Event)}.
 *
 * <pre>{@code
 * try (OrderedConsumer consumer = new OrderedConsumer(consumerDb);
 *         Relay relay = new Relay(producerDb, consumer)) {
 *     while (relay.relay().outcome() != RelayOutcome.IDLE) { }   // until nothing is waiting
 * }
 * }</pre>
 *
 * <p>Holds one producer connection and its prepared statements, and uses, but does not own, the
 * consumer; not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Relay implements AutoCloseable {

    private final SqliteDatabase producerDatabase;
    private final OrderedConsumer consumer;
    private final PreparedStatements statements;

    /** A relay from the outbox in {@code producerDatabase} to {@code consumer}. */
    public Relay(SqliteDatabase producerDatabase, OrderedConsumer consumer) {
        this.producerDatabase = Objects.requireNonNull(producerDatabase, "producerDatabase");
        this.consumer = Objects.requireNonNull(consumer, "consumer");
        this.statements = PreparedStatements.openWithSchema(producerDatabase, ProducerStore.SCHEMA);
    }

    /** Sends the first not-yet-accepted outbox row by {@code (flow_id, seq)}; {@link RelayOutcome#IDLE} if none. */
    public RelayResult relay() {
        Optional<OutboxEntry> next = Sql.read(statements.connection(), producerDatabase,
                "find the next outbox row to relay", c -> ProducerStore.nextUnaccepted(statements));
        return next.map(this::deliver).orElseGet(RelayResult.Idle::new);
    }

    /**
     * Sends the outbox row of {@code eventId}, whether or not it was accepted before.
     *
     * @throws IllegalArgumentException if the outbox has no such row
     */
    public RelayResult relay(String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        OutboxEntry entry = Sql.read(statements.connection(), producerDatabase, "find outbox row " + eventId,
                c -> ProducerStore.outboxRow(statements, eventId))
                .orElseThrow(() -> new IllegalArgumentException("the outbox in " + producerDatabase.file()
                        + " has no event " + eventId + "; only events a producer committed can be relayed"));
        return deliver(entry);
    }

    @Override
    public void close() {
        statements.close();
    }

    private RelayResult deliver(OutboxEntry entry) {
        ReceiveOutcome answer = consumer.receive(Event.parse(entry.body()));
        RelayResult result = new RelayResult.Sent(answer, entry.eventId());
        if (result.markedAccepted()) {
            markAccepted(entry.eventId());
        }
        return result;
    }

    private void markAccepted(String eventId) {
        Sql.inWriteTransaction(statements.connection(), producerDatabase, "mark outbox row " + eventId + " accepted",
                c -> {
                    ProducerStore.markAccepted(statements, eventId);
                    return null;
                });
    }
}
