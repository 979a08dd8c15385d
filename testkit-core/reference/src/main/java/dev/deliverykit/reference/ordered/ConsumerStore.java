package dev.deliverykit.reference.ordered;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The consumer database ({@code inbox}, {@code projection}, {@code effect}) and the statements on it.
 * Each write is its own method and its own SQL text, because each is a crash boundary of
 * {@code docs/protocols.md} section 2. Statements come from the component's {@link PreparedStatements}:
 * prepared once, executed per event.
 */
final class ConsumerStore {

    static final String CREATE_INBOX = "CREATE TABLE IF NOT EXISTS inbox(event_id TEXT PRIMARY KEY,"
            + " flow_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,"
            + " state TEXT NOT NULL DEFAULT 'pending' CHECK(state IN ('pending','blocked','applied')),"
            + " reason TEXT, UNIQUE(flow_id, seq))";
    static final String CREATE_PROJECTION = "CREATE TABLE IF NOT EXISTS projection(flow_id TEXT PRIMARY KEY,"
            + " last_seq INTEGER NOT NULL, state TEXT NOT NULL, held INTEGER NOT NULL)";
    static final String CREATE_EFFECT = "CREATE TABLE IF NOT EXISTS effect(id INTEGER PRIMARY KEY AUTOINCREMENT,"
            + " event_id TEXT NOT NULL UNIQUE, flow_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL)";

    /** Boundary 4 is right after this statement, before the receive COMMIT. */
    static final String INSERT_PENDING = "INSERT INTO inbox(event_id, flow_id, seq, body) VALUES (?, ?, ?, ?)";
    /** Boundary 8 is right after this statement, before the effect insert. */
    static final String UPDATE_PROJECTION = "INSERT INTO projection(flow_id, last_seq, state, held)"
            + " VALUES (?, ?, ?, ?) ON CONFLICT(flow_id) DO UPDATE SET last_seq = excluded.last_seq,"
            + " state = excluded.state, held = excluded.held";

    static final String INSERT_EFFECT = "INSERT INTO effect(event_id, flow_id, seq, kind) VALUES (?, ?, ?, ?)";
    /** Boundary 9 is right after this statement, before the apply COMMIT. */
    static final String MARK_APPLIED = "UPDATE inbox SET state = 'applied', reason = NULL WHERE event_id = ?";

    static final String MARK_BLOCKED = "UPDATE inbox SET state = 'blocked', reason = ? WHERE event_id = ?";

    private static final String INBOX_COLUMNS = "SELECT event_id, flow_id, seq, body, state, reason FROM inbox";
    private static final String SELECT_INBOX_BY_ID = INBOX_COLUMNS + " WHERE event_id = ?";
    private static final String SELECT_INBOX_AT = INBOX_COLUMNS + " WHERE flow_id = ? AND seq = ?";
    private static final String SELECT_INBOX = INBOX_COLUMNS + " ORDER BY flow_id, seq";
    private static final String SELECT_LATER_EXISTS =
            "SELECT EXISTS(SELECT 1 FROM inbox WHERE flow_id = ? AND seq > ?)";
    private static final String SELECT_FLOW_IDS = "SELECT DISTINCT flow_id FROM inbox ORDER BY flow_id";
    private static final String SELECT_PROJECTION =
            "SELECT flow_id, last_seq, state, held FROM projection WHERE flow_id = ?";
    private static final String EFFECT_COLUMNS = "SELECT event_id, flow_id, seq, kind FROM effect";
    private static final String SELECT_EFFECTS = EFFECT_COLUMNS + " ORDER BY id";
    private static final String SELECT_FLOW_EFFECTS = EFFECT_COLUMNS + " WHERE flow_id = ? ORDER BY id";

    private ConsumerStore() {}

    static final List<String> SCHEMA = List.of(CREATE_INBOX, CREATE_PROJECTION, CREATE_EFFECT);

    static void insertPending(PreparedStatements statements, Event event, String canonicalBody) throws SQLException {
        statements.update(INSERT_PENDING, event.eventId(), event.flowId(), event.seq(), canonicalBody);
    }

    static void updateProjection(PreparedStatements statements, Projection projection) throws SQLException {
        statements.update(
                UPDATE_PROJECTION,
                projection.flowId(),
                projection.lastSeq(),
                projection.state().wireName(),
                projection.held());
    }

    static void insertEffect(PreparedStatements statements, Event event) throws SQLException {
        statements.update(
                INSERT_EFFECT,
                event.eventId(),
                event.flowId(),
                event.seq(),
                event.kind().wireName());
    }

    static void markApplied(PreparedStatements statements, String eventId) throws SQLException {
        requireOneRow(statements.update(MARK_APPLIED, eventId), eventId);
    }

    static void markBlocked(PreparedStatements statements, String eventId, BlockReason reason) throws SQLException {
        requireOneRow(statements.update(MARK_BLOCKED, reason.wireName(), eventId), eventId);
    }

    static Optional<InboxEntry> inboxEntry(PreparedStatements statements, String eventId) throws SQLException {
        return inboxRows(statements, SELECT_INBOX_BY_ID, eventId).stream().findFirst();
    }

    static Optional<InboxEntry> inboxAt(PreparedStatements statements, String flowId, long seq) throws SQLException {
        return inboxRows(statements, SELECT_INBOX_AT, flowId, seq).stream().findFirst();
    }

    static List<InboxEntry> inbox(PreparedStatements statements) throws SQLException {
        return inboxRows(statements, SELECT_INBOX);
    }

    static boolean hasLaterThan(PreparedStatements statements, String flowId, long seq) throws SQLException {
        try (ResultSet row = statements.bound(SELECT_LATER_EXISTS, flowId, seq).executeQuery()) {
            return row.next() && row.getInt(1) == 1;
        }
    }

    static List<String> flowIds(PreparedStatements statements) throws SQLException {
        try (ResultSet row = statements.bound(SELECT_FLOW_IDS).executeQuery()) {
            List<String> flowIds = new ArrayList<>();
            while (row.next()) {
                flowIds.add(row.getString("flow_id"));
            }
            return flowIds;
        }
    }

    /** The effects of {@code flowId} in the order they were applied, read on the consumer's connection. */
    static List<Effect> readEffects(PreparedStatements statements, SqliteDatabase database, String flowId) {
        return Sql.read(
                statements.connection(), database, "read the effects of " + flowId, c -> effects(statements, flowId));
    }

    /** The committed projection of {@code flowId}, read in auto-commit on the consumer's connection. */
    static Projection readProjection(PreparedStatements statements, SqliteDatabase database, String flowId) {
        return Sql.read(
                statements.connection(), database, "read projection of " + flowId, c -> projection(statements, flowId));
    }

    static Projection projection(PreparedStatements statements, String flowId) throws SQLException {
        try (ResultSet row = statements.bound(SELECT_PROJECTION, flowId).executeQuery()) {
            if (!row.next()) {
                return Projection.initial(flowId);
            }
            return new Projection(
                    row.getString("flow_id"),
                    row.getLong("last_seq"),
                    FlowState.stored(row.getString("state")),
                    row.getLong("held"));
        }
    }

    static List<Effect> effects(PreparedStatements statements) throws SQLException {
        return effectRows(statements, SELECT_EFFECTS);
    }

    static List<Effect> effects(PreparedStatements statements, String flowId) throws SQLException {
        return effectRows(statements, SELECT_FLOW_EFFECTS, flowId);
    }

    private static void requireOneRow(int rows, String eventId) {
        if (rows != 1) {
            throw new IllegalStateException("inbox row " + eventId + " vanished inside the apply transaction;"
                    + " inbox rows are never deleted by this code, so something else changed the consumer database");
        }
    }

    private static List<InboxEntry> inboxRows(PreparedStatements statements, String sql, Object... parameters)
            throws SQLException {
        try (ResultSet row = statements.bound(sql, parameters).executeQuery()) {
            List<InboxEntry> entries = new ArrayList<>();
            while (row.next()) {
                String reason = row.getString("reason");
                entries.add(new InboxEntry(
                        row.getString("event_id"),
                        row.getString("flow_id"),
                        row.getLong("seq"),
                        row.getString("body"),
                        InboxState.stored(row.getString("state")),
                        reason == null ? Optional.empty() : Optional.of(BlockReason.stored(reason))));
            }
            return entries;
        }
    }

    private static List<Effect> effectRows(PreparedStatements statements, String sql, Object... parameters)
            throws SQLException {
        try (ResultSet row = statements.bound(sql, parameters).executeQuery()) {
            List<Effect> effects = new ArrayList<>();
            while (row.next()) {
                effects.add(new Effect(
                        row.getString("event_id"),
                        row.getString("flow_id"),
                        row.getLong("seq"),
                        FlowState.stored(row.getString("kind"))));
            }
            return effects;
        }
    }
}
