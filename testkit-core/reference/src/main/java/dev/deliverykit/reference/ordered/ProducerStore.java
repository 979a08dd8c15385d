package dev.deliverykit.reference.ordered;

import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The producer database ({@code flow} and {@code outbox}) and the statements on it. Each write is its own
 * method and its own SQL text, because each is a crash boundary of {@code docs/protocols.md} section 2.
 * Statements come from the component's {@link PreparedStatements}: prepared once, executed per event.
 */
final class ProducerStore {

    static final String CREATE_FLOW = "CREATE TABLE IF NOT EXISTS flow(flow_id TEXT PRIMARY KEY,"
            + " seq INTEGER NOT NULL, state TEXT NOT NULL, amount INTEGER NOT NULL)";
    static final String CREATE_OUTBOX = "CREATE TABLE IF NOT EXISTS outbox(event_id TEXT PRIMARY KEY,"
            + " flow_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,"
            + " accepted INTEGER NOT NULL DEFAULT 0 CHECK(accepted IN (0,1)), UNIQUE(flow_id, seq))";

    /**
     * Not part of the contract's schema: it keeps {@link #SELECT_NEXT_UNACCEPTED} from walking past every
     * accepted row (the relay's per-event cost grew with the outbox without it). The contract's tables and
     * their rows are unchanged; the index holds only the rows still to relay.
     */
    static final String CREATE_UNACCEPTED_INDEX =
            "CREATE INDEX IF NOT EXISTS outbox_unaccepted" + " ON outbox(flow_id, seq) WHERE accepted = 0";

    /** Boundary 1 is right after this statement: the flow moved, its outbox row not yet written. */
    static final String WRITE_FLOW = "INSERT INTO flow(flow_id, seq, state, amount) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT(flow_id) DO UPDATE SET seq = excluded.seq, state = excluded.state,"
            + " amount = excluded.amount";
    /** Boundary 2 is right after this statement, before the transaction's COMMIT. */
    static final String INSERT_OUTBOX = "INSERT INTO outbox(event_id, flow_id, seq, body) VALUES (?, ?, ?, ?)";
    /** Boundary 6 is right after this statement, before the relay's COMMIT. */
    static final String MARK_ACCEPTED = "UPDATE outbox SET accepted = 1 WHERE event_id = ?";

    private static final String SELECT_BODY = "SELECT body FROM outbox WHERE event_id = ?";
    private static final String SELECT_FLOW = "SELECT flow_id, seq, state, amount FROM flow WHERE flow_id = ?";
    private static final String OUTBOX_COLUMNS = "SELECT event_id, flow_id, seq, body, accepted FROM outbox";
    private static final String SELECT_OUTBOX = OUTBOX_COLUMNS + " ORDER BY flow_id, seq";
    static final String SELECT_NEXT_UNACCEPTED = OUTBOX_COLUMNS + " WHERE accepted = 0 ORDER BY flow_id, seq LIMIT 1";
    private static final String SELECT_OUTBOX_ROW = OUTBOX_COLUMNS + " WHERE event_id = ?";

    private ProducerStore() {}

    static final List<String> SCHEMA = List.of(CREATE_FLOW, CREATE_OUTBOX, CREATE_UNACCEPTED_INDEX);

    /**
     * Rules (1) to (3) of {@code advance}, in the contract's order: the outcome that refuses the event, or
     * empty when it is the legal next step and may be committed.
     */
    static Optional<AdvanceOutcome> refusal(
            PreparedStatements statements, Event event, String canonicalBody, long expectedSeq) throws SQLException {
        Optional<String> storedBody = storedBody(statements, event.eventId());
        if (storedBody.isPresent()) {
            return Optional.of(
                    storedBody.get().equals(canonicalBody) ? AdvanceOutcome.EXISTING : AdvanceOutcome.CONFLICT);
        }
        Optional<ProducerFlow> flow = flow(statements, event.flowId());
        long currentSeq = flow.map(ProducerFlow::seq).orElse(0L);
        if (expectedSeq != currentSeq) {
            return Optional.of(AdvanceOutcome.STALE);
        }
        FlowState current = flow.map(ProducerFlow::state).orElse(FlowState.NEW);
        // The producer writes only what it can decode itself, in either schema it emits.
        if (StepRules.check(current, event, SchemaSupport.V1_AND_V2).isPresent()) {
            return Optional.of(AdvanceOutcome.INVALID_TRANSITION);
        }
        return Optional.empty();
    }

    static void writeFlow(PreparedStatements statements, Event event) throws SQLException {
        statements.update(WRITE_FLOW, event.flowId(), event.seq(), event.kind().wireName(), StepRules.FLOW_AMOUNT);
    }

    static void insertOutbox(PreparedStatements statements, Event event, String canonicalBody) throws SQLException {
        statements.update(INSERT_OUTBOX, event.eventId(), event.flowId(), event.seq(), canonicalBody);
    }

    static void markAccepted(PreparedStatements statements, String eventId) throws SQLException {
        int rows = statements.update(MARK_ACCEPTED, eventId);
        if (rows != 1) {
            throw new IllegalStateException("outbox row " + eventId + " vanished while it was being relayed;"
                    + " outbox rows are never deleted by this code, so something else changed the producer database");
        }
    }

    static Optional<ProducerFlow> flow(PreparedStatements statements, String flowId) throws SQLException {
        try (ResultSet row = statements.bound(SELECT_FLOW, flowId).executeQuery()) {
            if (!row.next()) {
                return Optional.empty();
            }
            return Optional.of(new ProducerFlow(
                    row.getString("flow_id"),
                    row.getLong("seq"),
                    FlowState.stored(row.getString("state")),
                    row.getLong("amount")));
        }
    }

    static List<OutboxEntry> outbox(PreparedStatements statements) throws SQLException {
        return outboxRows(statements, SELECT_OUTBOX);
    }

    /** The first outbox row not yet accepted, by {@code (flow_id, seq)}. */
    static Optional<OutboxEntry> nextUnaccepted(PreparedStatements statements) throws SQLException {
        return outboxRows(statements, SELECT_NEXT_UNACCEPTED).stream().findFirst();
    }

    static Optional<OutboxEntry> outboxRow(PreparedStatements statements, String eventId) throws SQLException {
        return outboxRows(statements, SELECT_OUTBOX_ROW, eventId).stream().findFirst();
    }

    private static Optional<String> storedBody(PreparedStatements statements, String eventId) throws SQLException {
        try (ResultSet row = statements.bound(SELECT_BODY, eventId).executeQuery()) {
            return row.next() ? Optional.of(row.getString("body")) : Optional.empty();
        }
    }

    private static List<OutboxEntry> outboxRows(PreparedStatements statements, String sql, Object... parameters)
            throws SQLException {
        try (ResultSet row = statements.bound(sql, parameters).executeQuery()) {
            List<OutboxEntry> entries = new ArrayList<>();
            while (row.next()) {
                entries.add(new OutboxEntry(
                        row.getString("event_id"),
                        row.getString("flow_id"),
                        row.getLong("seq"),
                        row.getString("body"),
                        row.getInt("accepted") == 1));
            }
            return entries;
        }
    }
}
