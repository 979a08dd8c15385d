package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The one entry point for building invariants over your own tables (section 4 of {@code docs/protocols.md}).
 * Every invariant reads through {@link JdbcSource}s with SQL that has no parameters: either a query you
 * write (the {@code ...From(source, sql)} steps, run exactly as written) or a table and columns you name
 * (the {@code ...In(source, table, ...)} steps; the names must be plain SQL identifiers, are checked here
 * and quoted when the SQL is built). The keyed sides may instead read a broker through a {@link RecordSource}
 * (the {@code ...From(source)} steps: a Kafka topic, a JMS queue). Keys are compared as text, column by column,
 * so the two sides of an invariant may live in different databases, or one on a broker.
 *
 * <p>Declare them once and check them after every run; each has a stable {@link Invariant#name()}
 * (a default one, or yours) and reports its violations in a deterministic order.
 *
 * <pre>{@code
 * static final JdbcSource ORCHESTRATOR = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orchestrator.db"))
 *         .named("orchestrator.db");
 * static final JdbcSource WAREHOUSE = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("warehouse.db"))
 *         .named("warehouse.db");
 *
 * static final Invariant EXACTLY_ONCE = Invariants.exactlyOncePerKey()
 *         .intentsFrom(ORCHESTRATOR, "SELECT command_id FROM outbox")
 *         .effectsIn(WAREHOUSE, "effect", "intent_id");
 * static final Invariant STATE_AND_OUTBOX = Invariants.stateAndOutboxTogether()
 *         .stateFrom(PRODUCER, "SELECT flow_id, seq FROM flow")
 *         .outboxFrom(PRODUCER, "SELECT flow_id, max(seq) FROM outbox GROUP BY flow_id");
 * static final Invariant IN_ORDER = Invariants.contiguousPrefixPerFlow()
 *         .appliedIn(CONSUMER, "effect").flowColumn("flow_id").sequenceColumn("seq").appliedInOrderOf("id");
 * static final Invariant NO_RESURRECTION = Invariants.noResurrectionAfterCleanup()
 *         .effectsIn(RETENTION, "effect").perKey("namespace", "op");
 * static final Invariant NO_CONFLICT_AS_SUCCESS = Invariants.noConflictCountedAsSuccess()
 *         .acceptedFrom(PRODUCER, "SELECT event_id, body FROM outbox WHERE accepted = 1")
 *         .storedFrom(CONSUMER, "SELECT event_id, body FROM inbox");
 * static final Invariant NO_NEGATIVE_STOCK = Invariants.noRows("no negative stock", WAREHOUSE,
 *         "SELECT part, stock FROM stock WHERE stock < 0", "stock never goes below 0");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Invariants {

    /** Default name of {@link #exactlyOncePerKey()}. */
    public static final String EXACTLY_ONCE_PER_KEY = "exactly once per key";
    /** Default name of {@link #atMostOncePerKey()}. */
    public static final String AT_MOST_ONCE_PER_KEY = "at most once per key";
    /** Default name of {@link #noLostIntent()}. */
    public static final String NO_LOST_INTENT = "no lost intent";
    /** Default name of {@link #stateAndOutboxTogether()}. */
    public static final String STATE_AND_OUTBOX_TOGETHER =
            "no state without its outbox row and no outbox row without its state";
    /** Default name of {@link #contiguousPrefixPerFlow()}. */
    public static final String CONTIGUOUS_PREFIX_PER_FLOW = "contiguous prefix per flow";
    /** Default name of {@link #noResurrectionAfterCleanup()}. */
    public static final String NO_RESURRECTION_AFTER_CLEANUP = "no resurrection after cleanup";
    /** Default name of {@link #noConflictCountedAsSuccess()}. */
    public static final String NO_CONFLICT_COUNTED_AS_SUCCESS = "no conflict counted as success";

    private Invariants() {}

    /**
     * Safety and liveness per key: every intent key has exactly one effect ({@code N(k) = 1}). Keys with
     * 0 effects are reported as {@link ViolationKind#LOST_INTENT}, keys with 2 or more (intent keys or not)
     * as {@link ViolationKind#DUPLICATE_EFFECT}, each with its count.
     */
    public static IntentsStep exactlyOncePerKey() {
        return exactlyOncePerKey(EXACTLY_ONCE_PER_KEY);
    }

    /** {@link #exactlyOncePerKey()} under your own name. */
    public static IntentsStep exactlyOncePerKey(String name) {
        return new InvariantBuilderSteps.Intents(requireName(name), KeyedEffectsInvariant.Promise.EXACTLY_ONCE);
    }

    /** Safety only: no key has two or more effects ({@code N(k) <= 1}); needs no intents. */
    public static EffectsStep atMostOncePerKey() {
        return atMostOncePerKey(AT_MOST_ONCE_PER_KEY);
    }

    /** {@link #atMostOncePerKey()} under your own name. */
    public static EffectsStep atMostOncePerKey(String name) {
        return new InvariantBuilderSteps.Effects(requireName(name), KeyedEffectsInvariant.Promise.AT_MOST_ONCE, null);
    }

    /** Liveness only: every intent key has at least one effect ({@code N(k) >= 1}). */
    public static IntentsStep noLostIntent() {
        return noLostIntent(NO_LOST_INTENT);
    }

    /** {@link #noLostIntent()} under your own name. */
    public static IntentsStep noLostIntent(String name) {
        return new InvariantBuilderSteps.Intents(requireName(name), KeyedEffectsInvariant.Promise.AT_LEAST_ONCE);
    }

    /**
     * Both directions of the transactional outbox: every state key has its outbox row
     * ({@link ViolationKind#STATE_WITHOUT_OUTBOX} otherwise) and every outbox key its state
     * ({@link ViolationKind#OUTBOX_WITHOUT_STATE} otherwise).
     */
    public static StateStep stateAndOutboxTogether() {
        return stateAndOutboxTogether(STATE_AND_OUTBOX_TOGETHER);
    }

    /** {@link #stateAndOutboxTogether()} under your own name. */
    public static StateStep stateAndOutboxTogether(String name) {
        return new InvariantBuilderSteps.State(requireName(name));
    }

    /**
     * Per flow, the applied records read in application order are sequence {@code 1..k}: no gap, no repeat,
     * nothing out of order ({@link ViolationKind#NOT_CONTIGUOUS_PREFIX}, one violation per broken flow).
     */
    public static AppliedStep contiguousPrefixPerFlow() {
        return contiguousPrefixPerFlow(CONTIGUOUS_PREFIX_PER_FLOW);
    }

    /** {@link #contiguousPrefixPerFlow()} under your own name. */
    public static AppliedStep contiguousPrefixPerFlow(String name) {
        return new InvariantBuilderSteps.Applied(requireName(name));
    }

    /**
     * No key has more than one effect row, also after its dedup records were cleaned up
     * ({@link ViolationKind#RESURRECTED_EFFECT}, listing the effect rows). Choose the key columns: with the
     * epoch, a late request in the same epoch is caught; without it, also the same operation re-sent under a
     * new epoch.
     */
    public static ResurrectionStep noResurrectionAfterCleanup() {
        return noResurrectionAfterCleanup(NO_RESURRECTION_AFTER_CLEANUP);
    }

    /** {@link #noResurrectionAfterCleanup()} under your own name. */
    public static ResurrectionStep noResurrectionAfterCleanup(String name) {
        return new InvariantBuilderSteps.Resurrection(requireName(name));
    }

    /**
     * Every record the sender counts as accepted (or applied) is stored by the receiver under the same key
     * with the same body or digest: {@link ViolationKind#CONFLICT_ACCEPTED} if the bodies differ,
     * {@link ViolationKind#ACCEPTED_NOT_STORED} if nothing is stored. Both queries return the key column(s)
     * first and the body or digest as the last column.
     */
    public static AcceptedStep noConflictCountedAsSuccess() {
        return noConflictCountedAsSuccess(NO_CONFLICT_COUNTED_AS_SUCCESS);
    }

    /** {@link #noConflictCountedAsSuccess()} under your own name. */
    public static AcceptedStep noConflictCountedAsSuccess(String name) {
        String checkedName = requireName(name);
        return (acceptedSource, acceptedQuery) -> {
            QuerySpec accepted = QuerySpec.raw(checkedName, "accepted records", acceptedSource, acceptedQuery);
            return (storedSource, storedQuery) -> new AcceptedBodyInvariant(
                    checkedName, accepted, QuerySpec.raw(checkedName, "stored records", storedSource, storedQuery));
        };
    }

    /**
     * Your own check: {@code sql} selects the rows that must not exist, key first; each row it returns is an
     * {@link ViolationKind#UNEXPECTED_ROW} whose subject is the first column.
     *
     * <pre>{@code
     * Invariants.noRows("no late request executed", RETENTION,
     *         "SELECT r.op, r.epoch FROM request_log r JOIN boundary b ON b.namespace = r.namespace"
     *                 + " WHERE r.epoch <= b.closed_through AND r.outcome = 'created' AND r.at > b.raised_at",
     *         "a request for a sealed epoch is answered closed, never executed");
     * }</pre>
     *
     * @param explanation what the rows break, in words: it becomes the expected part of each violation
     */
    public static Invariant noRows(String name, JdbcSource source, String sql, String explanation) {
        String checkedName = requireName(name);
        Objects.requireNonNull(explanation, "explanation");
        if (explanation.isBlank()) {
            throw InvariantDefinitionException.blankExplanation(checkedName);
        }
        return new NoRowsInvariant(checkedName, QuerySpec.raw(checkedName, "rows", source, sql), explanation);
    }

    private static String requireName(String name) {
        Objects.requireNonNull(name, "invariant name");
        if (name.isBlank()) {
            throw InvariantDefinitionException.blankName();
        }
        return name;
    }

    /** Where the intents come from. */
    public interface IntentsStep {

        /** The intent keys: every row of {@code keyQuery}, all its columns forming the key. */
        EffectsStep intentsFrom(JdbcSource source, String keyQuery);

        /**
         * The intent keys: every record {@code source} reads, all its columns forming the key (the messages a
         * consumer must apply, on a topic or a queue).
         */
        EffectsStep intentsFrom(RecordSource source);

        /** The intent keys: the given columns of every row of {@code table}. */
        EffectsStep intentsIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns);
    }

    /** Where the effects come from: one row per effect, the key columns in the same order as the intents'. */
    public interface EffectsStep {

        /** One effect per row of {@code keyQuery}, all its columns forming the key. */
        Invariant effectsFrom(JdbcSource source, String keyQuery);

        /**
         * One effect per record {@code source} reads, all its columns forming the key: a message on a topic or a
         * queue twice is a duplicate effect, one missing a lost intent.
         */
        Invariant effectsFrom(RecordSource source);

        /** One effect per row of {@code table}, keyed by the given columns. */
        Invariant effectsIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns);
    }

    /** Where the committed state's keys come from. */
    public interface StateStep {

        /** The state keys: every row of {@code keyQuery}, all its columns forming the key. */
        OutboxStep stateFrom(JdbcSource source, String keyQuery);

        /** The state keys: every record {@code source} reads, all its columns forming the key. */
        OutboxStep stateFrom(RecordSource source);

        /** The state keys: the given columns of every row of {@code table}. */
        OutboxStep stateIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns);
    }

    /** Where the outbox rows' keys come from, in the same columns order as the state's. */
    public interface OutboxStep {

        /** The outbox keys: every row of {@code keyQuery}, all its columns forming the key. */
        Invariant outboxFrom(JdbcSource source, String keyQuery);

        /** The outbox keys: every record {@code source} reads (what reached the broker), all its columns. */
        Invariant outboxFrom(RecordSource source);

        /** The outbox keys: the given columns of every row of {@code table}. */
        Invariant outboxIn(JdbcSource source, String table, String keyColumn, String... moreKeyColumns);
    }

    /** Where the applied records come from. */
    public interface AppliedStep {

        /**
         * The applied records: {@code query} returns exactly two columns, the flow and the sequence number,
         * ordered the way the records were applied (e.g. {@code SELECT flow_id, seq FROM effect ORDER BY id}).
         */
        Invariant appliedFrom(JdbcSource source, String query);

        /**
         * The applied records: {@code source} reads exactly two columns, the flow and the sequence number, in the
         * order the records are applied (a topic's partition in offset order: key the source by the record key
         * and a sequence header).
         */
        Invariant appliedFrom(RecordSource source);

        /** The applied records are the rows of {@code table}; the next steps name its columns. */
        FlowColumnStep appliedIn(JdbcSource source, String table);
    }

    /** Names the column holding the flow. */
    public interface FlowColumnStep {

        /** The column that says which flow a record belongs to, e.g. {@code flow_id}. */
        SequenceColumnStep flowColumn(String column);
    }

    /** Names the column holding the sequence number. */
    public interface SequenceColumnStep {

        /** The column holding the record's sequence number within its flow, e.g. {@code seq}. */
        ApplicationOrderStep sequenceColumn(String column);
    }

    /** Names the column that orders the records the way they were applied. */
    public interface ApplicationOrderStep {

        /** A column increasing in application order, e.g. an autoincrement {@code id}. */
        Invariant appliedInOrderOf(String column);
    }

    /** Where the effect rows come from. */
    public interface ResurrectionStep {

        /** The effect rows: every row of {@code query}; reports show all its columns. */
        KeyColumnsStep effectsFrom(JdbcSource source, String query);

        /** The effect rows: every row of {@code table}, all its columns shown in reports. */
        KeyColumnsStep effectsIn(JdbcSource source, String table);
    }

    /** Names the columns that make up the key that must not have two effects. */
    public interface KeyColumnsStep {

        /** The key columns, e.g. {@code perKey("namespace", "epoch", "op")}, or without the epoch. */
        Invariant perKey(String keyColumn, String... moreKeyColumns);
    }

    /** The records the sender counts as accepted. */
    public interface AcceptedStep {

        /** Key column(s) then body or digest, e.g. {@code SELECT event_id, body FROM outbox WHERE accepted = 1}. */
        StoredStep acceptedFrom(JdbcSource source, String keyAndBodyQuery);
    }

    /** The records the receiver stored. */
    public interface StoredStep {

        /** Key column(s) then body or digest, in the same order, e.g. {@code SELECT event_id, body FROM inbox}. */
        Invariant storedFrom(JdbcSource source, String keyAndBodyQuery);
    }
}
