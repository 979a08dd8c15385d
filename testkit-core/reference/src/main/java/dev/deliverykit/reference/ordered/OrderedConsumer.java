package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The ordered consumer: a durable inbox that accepts events in any order, and an apply step that only
 * ever applies {@code last_seq + 1} of a flow, so that the applied events of every flow are a contiguous
 * prefix {@code 1..k} in sequence order, whatever the arrival order and however many duplicates.
 *
 * <p>{@link #receive(Event)}: one write transaction. Same id and body stored: {@link ReceiveOutcome#DUPLICATE};
 * same id, other body: {@link ReceiveOutcome#ID_CONFLICT}; new id but {@code (flow_id, seq)} taken:
 * {@link ReceiveOutcome#SEQUENCE_CONFLICT}; else stored {@code pending}: {@link ReceiveOutcome#ACCEPTED}.
 * Only the envelope is checked; an unknown schema is stored unchanged.
 *
 * <p>{@link #apply(String)}: one write transaction that looks only at {@code seq = last_seq + 1}. Missing
 * with a later one stored: {@link ApplyOutcome#GAP}; nothing: {@link ApplyOutcome#IDLE}. Otherwise it
 * decodes the schema ({@code amount} in v1; {@code units} in v2 when {@link SchemaSupport#V1_AND_V2}), and
 * either marks the row blocked with its {@link BlockReason} (that is the whole transaction) or updates the
 * projection, inserts the effect and marks the row applied, in that order, in one transaction.
 *
 * <p>Crash boundaries (numbers of the contract's table):
 * <ol start="4">
 * <li>after {@code INSERT INTO inbox(event_id, flow_id, seq, body) ...} ({@code ConsumerStore.insertPending}),
 *     before the receive {@code COMMIT}: no inbox row survives;</li>
 * <li>after the receive {@code COMMIT}, before {@link #receive(Event)} returns (its method exit): the inbox
 *     row survives, the producer never learns it;</li>
 * </ol>
 * <ol start="8">
 * <li>after {@code INSERT INTO projection ... ON CONFLICT(flow_id) DO UPDATE ...} (the projection update,
 *     {@code ConsumerStore.updateProjection}), before {@code INSERT INTO effect ...}: nothing survives;</li>
 * <li>after {@code INSERT INTO effect ...} and {@code UPDATE inbox SET state = 'applied' ...}
 *     ({@code ConsumerStore.markApplied}), before the apply {@code COMMIT}: nothing of this apply survives;</li>
 * <li>after the apply {@code COMMIT}, before {@link #apply(String)} returns (its method exit): projection,
 *     effect and applied mark survive.</li>
 * </ol>
 *
 * <pre>{@code
 * try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
 *     consumer.receive(Event.v1("A3", "A", 3, FlowState.RELEASED, 3));   // ACCEPTED
 *     consumer.drain("A", 100);                                         // applied 0, stop GAP
 * }
 * }</pre>
 *
 * <p>Holds one connection and its prepared statements (prepared on first use, closed with the consumer);
 * not thread-safe. Recovery is a new instance on the same file; a blocked event is retried by every later
 * apply, so a consumer with wider {@link SchemaSupport} picks it up. Apply decodes the body it reads from
 * the inbox row; for an event this instance accepted itself it reuses that event instead of parsing the
 * same text again (an event is equal to the parse of its canonical body).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OrderedConsumer implements AutoCloseable {

    /** How many events this instance accepted it remembers for apply, by canonical body: each is parsed once. */
    private static final int REMEMBERED_EVENTS = 64;

    private final SqliteDatabase database;
    private final SchemaSupport schemas;
    private final PreparedStatements statements;
    private final Map<String, Event> acceptedByBody = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Event> eldest) {
            return size() > REMEMBERED_EVENTS;
        }
    };

    /** A consumer that decodes schema 1 only. */
    public OrderedConsumer(SqliteDatabase database) {
        this(database, SchemaSupport.V1_ONLY);
    }

    /** A consumer that decodes the given schemas; creates {@code inbox}, {@code projection}, {@code effect}. */
    public OrderedConsumer(SqliteDatabase database, SchemaSupport schemas) {
        this.database = Objects.requireNonNull(database, "database");
        this.schemas = Objects.requireNonNull(schemas, "schemas");
        this.statements = PreparedStatements.openWithSchema(database, ConsumerStore.SCHEMA);
    }

    /**
     * Stores a new event as {@code pending}, or reports why not.
     *
     * @throws dev.deliverykit.reference.StoreException on any SQL error; nothing was stored
     */
    public ReceiveOutcome receive(Event event) {
        Objects.requireNonNull(event, "event");
        String canonicalBody = event.canonicalBody();
        ReceiveOutcome outcome =
                Sql.inWriteTransaction(statements.connection(), database, "receive " + event.eventId(), c -> {
                    Optional<InboxEntry> stored = ConsumerStore.inboxEntry(statements, event.eventId());
                    if (stored.isPresent()) {
                        return stored.get().body().equals(canonicalBody)
                                ? ReceiveOutcome.DUPLICATE
                                : ReceiveOutcome.ID_CONFLICT;
                    }
                    if (ConsumerStore.inboxAt(statements, event.flowId(), event.seq())
                            .isPresent()) {
                        return ReceiveOutcome.SEQUENCE_CONFLICT;
                    }
                    ConsumerStore.insertPending(statements, event, canonicalBody);
                    return ReceiveOutcome.ACCEPTED;
                });
        if (outcome == ReceiveOutcome.ACCEPTED) {
            acceptedByBody.put(canonicalBody, event);
        }
        return outcome;
    }

    /**
     * Parses {@code envelopeJson} and receives it.
     *
     * @throws MalformedEnvelopeException if it is not a valid envelope; nothing was stored
     */
    public ReceiveOutcome receive(String envelopeJson) {
        return receive(Event.parse(envelopeJson));
    }

    /**
     * Applies the event at {@code last_seq + 1} of {@code flowId} if it is stored and applicable.
     *
     * @throws dev.deliverykit.reference.StoreException on any SQL error; the whole apply was rolled back
     */
    public ApplyResult apply(String flowId) {
        Objects.requireNonNull(flowId, "flowId");
        return Sql.inWriteTransaction(
                statements.connection(), database, "apply the next event of flow " + flowId, c -> applyNext(flowId));
    }

    /**
     * Applies events of {@code flowId} until a gap, the end, a blocked event, or {@code limit} applied
     * events. Every apply is its own transaction.
     */
    public DrainResult drain(String flowId, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("drain limit must be at least 1, got " + limit);
        }
        int applied = 0;
        while (applied < limit) {
            ApplyResult result = apply(flowId);
            switch (result.outcome()) {
                case APPLIED -> applied++;
                case GAP -> {
                    return new DrainResult.Gap(flowId, applied);
                }
                case IDLE -> {
                    return new DrainResult.Idle(flowId, applied);
                }
                case BLOCKED -> {
                    return new DrainResult.Blocked(
                            flowId, applied, result.blockReason().orElseThrow());
                }
            }
        }
        return new DrainResult.Limit(flowId, applied);
    }

    /**
     * Drains every flow that has inbox rows, in {@code flow_id} order, each with its own step limit: a gap
     * or a blocked event stops only its own flow.
     */
    public List<DrainResult> drainAll(int limitPerFlow) {
        List<String> flowIds = Sql.read(
                statements.connection(),
                database,
                "list the flows in the inbox",
                c -> ConsumerStore.flowIds(statements));
        List<DrainResult> results = new ArrayList<>(flowIds.size());
        for (String flowId : flowIds) {
            results.add(drain(flowId, limitPerFlow));
        }
        return results;
    }

    /** The committed projection of {@code flowId}; {@code new, 0, 0} when nothing was applied. */
    public Projection projection(String flowId) {
        return ConsumerStore.readProjection(statements, database, flowId);
    }

    /** Every effect, in the order the events were applied. */
    public List<Effect> effects() {
        return Sql.read(
                statements.connection(), database, "read the effect log", c -> ConsumerStore.effects(statements));
    }

    /** The effects of {@code flowId}, in the order they were applied. */
    public List<Effect> effects(String flowId) {
        return ConsumerStore.readEffects(statements, database, flowId);
    }

    /** Every inbox row, by {@code (flow_id, seq)}. */
    public List<InboxEntry> inbox() {
        return Sql.read(statements.connection(), database, "read the inbox", c -> ConsumerStore.inbox(statements));
    }

    /** The schemas this consumer decodes. */
    public SchemaSupport schemaSupport() {
        return schemas;
    }

    @Override
    public void close() {
        statements.close();
    }

    private ApplyResult applyNext(String flowId) throws SQLException {
        Projection current = ConsumerStore.projection(statements, flowId);
        long nextSeq = current.lastSeq() + 1;
        Optional<InboxEntry> next = ConsumerStore.inboxAt(statements, flowId, nextSeq);
        if (next.isEmpty()) {
            return ConsumerStore.hasLaterThan(statements, flowId, nextSeq)
                    ? new ApplyResult.Gap(flowId, nextSeq)
                    : new ApplyResult.Idle(flowId, nextSeq);
        }
        InboxEntry entry = next.get();
        if (entry.state() == InboxState.APPLIED) {
            throw new IllegalStateException("inbox row " + entry.eventId() + " of flow " + flowId
                    + " is already applied but the projection says last_seq=" + current.lastSeq() + " in "
                    + database.file() + "; projection and inbox were changed outside this code");
        }
        Event event = decode(entry.body());
        Optional<BlockReason> blocked = StepRules.check(current.state(), event, schemas);
        if (blocked.isPresent()) {
            ConsumerStore.markBlocked(statements, event.eventId(), blocked.get());
            return new ApplyResult.Blocked(flowId, nextSeq, event.eventId(), blocked.get());
        }
        long amount = StepRules.amount(event).orElseThrow();
        ConsumerStore.updateProjection(
                statements,
                new Projection(flowId, event.seq(), event.kind(), event.kind().heldFor(amount)));
        ConsumerStore.insertEffect(statements, event);
        ConsumerStore.markApplied(statements, event.eventId());
        return new ApplyResult.Applied(flowId, event.seq(), event.eventId());
    }

    /** The event that {@code body} (an inbox row's text) encodes: remembered if this instance accepted it, else parsed. */
    private Event decode(String body) {
        Event accepted = acceptedByBody.get(body);
        return accepted != null ? accepted : Event.parse(body);
    }
}
