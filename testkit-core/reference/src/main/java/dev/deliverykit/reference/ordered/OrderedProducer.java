package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The producer of ordered flows: moves a flow one step and writes the step's event to the outbox in ONE
 * write transaction, so that there is never a flow change without its event, nor an event without its
 * change.
 *
 * <p>{@link #advance(Event, long)} runs {@code BEGIN IMMEDIATE}, then decides in the order of
 * {@code docs/protocols.md} section 2: (1) the event id is stored: same canonical body
 * {@link AdvanceOutcome#EXISTING}, other body {@link AdvanceOutcome#CONFLICT}; (2) {@code expectedSeq} is
 * not the flow's current sequence: {@link AdvanceOutcome#STALE}; (3) not the legal next step:
 * {@link AdvanceOutcome#INVALID_TRANSITION}; (4) flow update + outbox insert:
 * {@link AdvanceOutcome#COMMITTED}. Refusals write nothing and are not remembered.
 *
 * <p>Crash boundaries (numbers of the contract's table):
 * <ol>
 * <li>after the statement {@code INSERT INTO flow ... ON CONFLICT(flow_id) DO UPDATE ...}
 *     ({@code ProducerStore.writeFlow}), before the outbox insert: neither survives;</li>
 * <li>after the statement {@code INSERT INTO outbox(event_id, flow_id, seq, body) ...}
 *     ({@code ProducerStore.insertOutbox}), before {@code COMMIT}: neither survives;</li>
 * <li>after the {@code COMMIT} of {@link #advance(Event, long)}, before it returns: both survive.</li>
 * </ol>
 *
 * <pre>{@code
 * try (OrderedProducer producer = new OrderedProducer(SqliteDatabase.at(dir.resolve("producer.db")))) {
 *     producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 3), 0);   // COMMITTED
 *     producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 3), 0);   // EXISTING
 * }
 * }</pre>
 *
 * <p>Holds one connection and its prepared statements (prepared on first use, closed with the producer);
 * not thread-safe. Recovery is a new instance on the same file.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OrderedProducer implements AutoCloseable {

    private final SqliteDatabase database;
    private final PreparedStatements statements;

    /** Opens the producer database and creates {@code flow} and {@code outbox} if they do not exist. */
    public OrderedProducer(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.statements = PreparedStatements.openWithSchema(database, ProducerStore.SCHEMA);
    }

    /**
     * Moves the event's flow one step if {@code expectedSeq} is its current sequence and the event is the
     * legal next step, committing the flow update and the outbox row together.
     *
     * @throws dev.deliverykit.reference.StoreException on any SQL error; nothing was written
     */
    public AdvanceOutcome advance(Event event, long expectedSeq) {
        Objects.requireNonNull(event, "event");
        String canonicalBody = event.canonicalBody();
        return Sql.inWriteTransaction(statements.connection(), database,
                "advance " + event.eventId() + " of flow " + event.flowId(), c -> {
                    Optional<AdvanceOutcome> refusal = ProducerStore.refusal(statements, event, canonicalBody,
                            expectedSeq);
                    if (refusal.isPresent()) {
                        return refusal.get();
                    }
                    ProducerStore.writeFlow(statements, event);
                    ProducerStore.insertOutbox(statements, event, canonicalBody);
                    return AdvanceOutcome.COMMITTED;
                });
    }

    /**
     * Parses {@code envelopeJson} and advances it.
     *
     * @throws MalformedEnvelopeException if it is not a valid envelope; nothing was written
     */
    public AdvanceOutcome advance(String envelopeJson, long expectedSeq) {
        return advance(Event.parse(envelopeJson), expectedSeq);
    }

    /** The committed row of {@code flowId}, if the flow has moved at all. */
    public Optional<ProducerFlow> flow(String flowId) {
        return Sql.read(statements.connection(), database, "read flow " + flowId,
                c -> ProducerStore.flow(statements, flowId));
    }

    /** Every outbox row, by {@code (flow_id, seq)}. */
    public List<OutboxEntry> outbox() {
        return Sql.read(statements.connection(), database, "read the outbox", c -> ProducerStore.outbox(statements));
    }

    @Override
    public void close() {
        statements.close();
    }
}
