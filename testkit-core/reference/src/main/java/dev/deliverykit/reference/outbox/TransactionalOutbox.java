package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A workflow event store with a transactional outbox (seed 001): the event and the commands it
 * produces are inserted in ONE write transaction, so there is never an event without its commands or
 * a command without its event.
 *
 * <p>Command ids are deterministic, {@code workflow_id:event_seq:command_index} (see
 * {@link #commandId}), never a fresh UUID per attempt: a retry must carry the same id or the receiver
 * cannot recognise it. Rows are marked done ({@code processed_at}), never deleted, so the outbox keeps
 * its audit trail and can explain late duplicate responses. {@code processed_at} holds the n-th done
 * mark of this database (1, 2, 3, ...) instead of a clock time, so that runs are deterministic.
 *
 * <p>Statements, in the order they run (each a distinct SQL text, for the crash engine):
 * <ul>
 *   <li>{@link #append}: {@code BEGIN IMMEDIATE}; {@code SELECT coalesce(max(seq), 0) FROM workflow_event
 *       ...}; if the workflow is not at {@code expectedSeq}: {@code SELECT kind, payload FROM
 *       workflow_event ...} and {@code SELECT command_id, ... FROM outbox WHERE workflow_id = ? AND
 *       event_seq = ?} to tell a retry from a stale append; else {@code INSERT INTO workflow_event ...}
 *       then one {@code INSERT INTO outbox ...} per command; {@code COMMIT}. The {@code COMMIT} is the
 *       "local record" of the crash matrix.</li>
 *   <li>{@link #pending}: one {@code SELECT ... WHERE processed_at IS NULL ORDER BY workflow_id,
 *       event_seq, command_id}.</li>
 *   <li>{@link #markDone}: {@code BEGIN IMMEDIATE}; {@code UPDATE outbox SET processed_at = ...};
 *       if no row changed, {@code SELECT processed_at FROM outbox WHERE command_id = ?}; {@code COMMIT}.
 *       Its entry and its {@code COMMIT} are the "before/after the done mark" points of the matrix.</li>
 * </ul>
 *
 * <p>A stale {@code expectedSeq} is a typed outcome ({@link AppendOutcome#STALE}), not an exception: it
 * is an expected race between deciders, like the seed's optimistic version check. Invalid arguments
 * throw {@link IllegalArgumentException} before anything is written; SQL errors (for example a trigger
 * that rejects the outbox insert) roll the whole transaction back and propagate as
 * {@link dev.deliverykit.reference.StoreException}.
 *
 * <p>{@link #pending} orders by {@code command_id} as text, as the contract says: within one event,
 * index 10 sorts before index 2.
 *
 * <pre>{@code
 * try (TransactionalOutbox outbox = new TransactionalOutbox(SqliteDatabase.at(dir.resolve("flow.db")))) {
 *     outbox.append("trip-001", 0, "trip_requested", Map.of("city", "Chengdu"),
 *             List.of(new NewCommand("lock_budget", Map.of("trip_id", "trip-001"))));
 *     OutboxCommand first = outbox.pending().get(0);     // trip-001:1:0
 *     // ... deliver it with its id as idempotency key, then, on a verified result:
 *     outbox.markDone(first.commandId());
 * }
 * }</pre>
 *
 * <p>Holds one connection; not thread-safe. Give each thread or process its own instance.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TransactionalOutbox implements AutoCloseable {

    private static final String CREATE_EVENT_TABLE = "CREATE TABLE IF NOT EXISTS workflow_event ("
            + " workflow_id TEXT NOT NULL,"
            + " seq INTEGER NOT NULL CHECK (seq >= 1),"
            + " kind TEXT NOT NULL,"
            + " payload TEXT NOT NULL,"
            + " PRIMARY KEY (workflow_id, seq))";
    private static final String CREATE_OUTBOX_TABLE = "CREATE TABLE IF NOT EXISTS outbox ("
            + " command_id TEXT PRIMARY KEY,"
            + " workflow_id TEXT NOT NULL,"
            + " event_seq INTEGER NOT NULL,"
            + " command_index INTEGER NOT NULL CHECK (command_index >= 0),"
            + " kind TEXT NOT NULL,"
            + " payload TEXT NOT NULL,"
            + " processed_at INTEGER,"
            + " UNIQUE (workflow_id, event_seq, command_index),"
            + " FOREIGN KEY (workflow_id, event_seq) REFERENCES workflow_event(workflow_id, seq))";
    private static final String CREATE_PENDING_INDEX = "CREATE INDEX IF NOT EXISTS outbox_pending"
            + " ON outbox(workflow_id, event_seq, command_id) WHERE processed_at IS NULL";

    private static final String SELECT_CURRENT_SEQ =
            "SELECT coalesce(max(seq), 0) FROM workflow_event WHERE workflow_id = ?";
    private static final String SELECT_EVENT = "SELECT kind, payload FROM workflow_event WHERE workflow_id = ? AND seq = ?";
    private static final String SELECT_EVENT_COMMANDS = "SELECT command_id, workflow_id, event_seq, command_index,"
            + " kind, payload FROM outbox WHERE workflow_id = ? AND event_seq = ? ORDER BY command_index";
    private static final String INSERT_EVENT = "INSERT INTO workflow_event(workflow_id, seq, kind, payload) VALUES (?, ?, ?, ?)";
    private static final String INSERT_COMMAND = "INSERT INTO outbox(command_id, workflow_id, event_seq,"
            + " command_index, kind, payload) VALUES (?, ?, ?, ?, ?, ?)";
    private static final String SELECT_PENDING = "SELECT command_id, workflow_id, event_seq, command_index, kind,"
            + " payload FROM outbox WHERE processed_at IS NULL ORDER BY workflow_id, event_seq, command_id";
    private static final String MARK_DONE = "UPDATE outbox SET processed_at ="
            + " (SELECT coalesce(max(processed_at), 0) + 1 FROM outbox)"
            + " WHERE command_id = ? AND processed_at IS NULL";
    private static final String SELECT_DONE_MARK = "SELECT processed_at FROM outbox WHERE command_id = ?";

    private final SqliteDatabase database;
    private final Connection connection;

    /** Opens the outbox's connection and creates {@code workflow_event} and {@code outbox} if needed. */
    public TransactionalOutbox(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.connection = Sql.openWithSchema(database, List.of(CREATE_EVENT_TABLE, CREATE_OUTBOX_TABLE, CREATE_PENDING_INDEX));
    }

    /**
     * The deterministic id of command {@code commandIndex} of event {@code eventSeq} of
     * {@code workflowId}: {@code workflow_id:event_seq:command_index}, for example {@code trip-001:1:0}.
     * Unambiguous even if the workflow id contains {@code ':'}, because the last two parts are numbers.
     */
    public static String commandId(String workflowId, long eventSeq, int commandIndex) {
        requireWorkflowId(workflowId);
        if (eventSeq < 1 || commandIndex < 0) {
            throw new IllegalArgumentException("command id needs event_seq >= 1 and command_index >= 0, got "
                    + eventSeq + " and " + commandIndex);
        }
        return workflowId + ":" + eventSeq + ":" + commandIndex;
    }

    /**
     * Appends event {@code expectedSeq + 1} to {@code workflowId} with its commands, in one transaction.
     *
     * @param workflowId the workflow, non-blank
     * @param expectedSeq the workflow's sequence number the caller decided on (0 for a new workflow)
     * @param kind the event kind, non-blank
     * @param payload the event payload: flat map of text, integers and booleans
     * @param commands the commands the event produces, in order; may be empty
     * @return {@code APPENDED}, {@code ALREADY_APPENDED} (same event retried) or {@code STALE}
     * @throws IllegalArgumentException on invalid arguments (nothing written)
     * @throws dev.deliverykit.reference.StoreException on any SQL error (rolled back, nothing written)
     */
    public AppendResult append(
            String workflowId, long expectedSeq, String kind, Map<String, ?> payload, List<NewCommand> commands) {
        requireWorkflowId(workflowId);
        if (expectedSeq < 0) {
            throw new IllegalArgumentException("expectedSeq for workflow " + workflowId + " must be >= 0 (0 for a"
                    + " new workflow), got " + expectedSeq);
        }
        Objects.requireNonNull(kind, "event kind must not be null");
        if (kind.isBlank()) {
            throw new IllegalArgumentException("event kind for workflow " + workflowId + " must not be blank");
        }
        long seq = expectedSeq + 1;
        String eventPayload = FlatParameters.canonical(payload, "payload of event " + workflowId + ":" + seq);
        Objects.requireNonNull(commands, "commands must not be null; pass List.of() for an event without commands");
        List<OutboxCommand> planned = new ArrayList<>(commands.size());
        for (int index = 0; index < commands.size(); index++) {
            NewCommand command = Objects.requireNonNull(commands.get(index), "command " + index + " is null");
            String id = commandId(workflowId, seq, index);
            planned.add(new OutboxCommand(id, workflowId, seq, index, command.kind(),
                    FlatParameters.canonical(command.payload(), "payload of command " + id)));
        }
        return Sql.inWriteTransaction(connection, database, "append event " + workflowId + ":" + seq, c -> {
            long current = currentSeq(c, workflowId);
            if (current != expectedSeq) {
                boolean sameEventStored = current >= seq
                        && storedEvent(c, workflowId, seq).equals(Optional.of(List.of(kind, eventPayload)))
                        && storedCommands(c, workflowId, seq).equals(planned);
                return sameEventStored
                        ? new AppendResult(AppendOutcome.ALREADY_APPENDED, workflowId, seq, current, planned)
                        : new AppendResult(AppendOutcome.STALE, workflowId, seq, current, List.of());
            }
            Sql.update(c, INSERT_EVENT, workflowId, seq, kind, eventPayload);
            for (OutboxCommand command : planned) {
                Sql.update(c, INSERT_COMMAND, command.commandId(), workflowId, seq, command.commandIndex(),
                        command.kind(), command.payloadJson());
            }
            return new AppendResult(AppendOutcome.APPENDED, workflowId, seq, seq, planned);
        });
    }

    /**
     * Commands not yet marked done ({@code processed_at IS NULL}), ordered by workflow id, event
     * sequence and command id.
     */
    public List<OutboxCommand> pending() {
        return Sql.read(connection, database, "read pending outbox rows", c -> {
            try (PreparedStatement statement = c.prepareStatement(SELECT_PENDING);
                    ResultSet rows = statement.executeQuery()) {
                return readCommands(rows);
            }
        });
    }

    /**
     * Marks a command done. Call it only after a verifiable result from the receiver; a timeout is
     * "result unknown": retry with the same id instead.
     *
     * @return {@code MARKED}, or {@code ALREADY_MARKED} if it was done before (the first mark is kept)
     * @throws IllegalArgumentException if no outbox row has this id (nothing written)
     * @throws dev.deliverykit.reference.StoreException on any SQL error (rolled back)
     */
    public DoneMark markDone(String commandId) {
        Objects.requireNonNull(commandId, "commandId must not be null");
        return Sql.inWriteTransaction(connection, database, "mark outbox command " + commandId + " done", c -> {
            if (Sql.update(c, MARK_DONE, commandId) == 1) {
                return DoneMark.MARKED;
            }
            try (PreparedStatement statement = c.prepareStatement(SELECT_DONE_MARK)) {
                Sql.bind(statement, commandId);
                try (ResultSet rows = statement.executeQuery()) {
                    if (rows.next()) {
                        return DoneMark.ALREADY_MARKED;
                    }
                }
            }
            throw new IllegalArgumentException("markDone(" + commandId + ") on " + database.file() + ": no outbox"
                    + " row has this command id; expected an id from append(...) or pending() (workflow_id:"
                    + "event_seq:command_index). Check the id and that this is the right database file.");
        });
    }

    @Override
    public void close() {
        Sql.close(connection, database);
    }

    private static void requireWorkflowId(String workflowId) {
        Objects.requireNonNull(workflowId, "workflowId must not be null");
        if (workflowId.isBlank()) {
            throw new IllegalArgumentException("workflowId must not be blank; it is the first part of every"
                    + " command id");
        }
    }

    private static long currentSeq(Connection connection, String workflowId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SELECT_CURRENT_SEQ)) {
            Sql.bind(statement, workflowId);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    /** The stored event's kind and payload, if any. */
    private static Optional<List<String>> storedEvent(Connection connection, String workflowId, long seq)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SELECT_EVENT)) {
            Sql.bind(statement, workflowId, seq);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? Optional.of(List.of(rows.getString(1), rows.getString(2))) : Optional.empty();
            }
        }
    }

    private static List<OutboxCommand> storedCommands(Connection connection, String workflowId, long seq)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SELECT_EVENT_COMMANDS)) {
            Sql.bind(statement, workflowId, seq);
            try (ResultSet rows = statement.executeQuery()) {
                return readCommands(rows);
            }
        }
    }

    private static List<OutboxCommand> readCommands(ResultSet rows) throws SQLException {
        List<OutboxCommand> commands = new ArrayList<>();
        while (rows.next()) {
            commands.add(new OutboxCommand(rows.getString(1), rows.getString(2), rows.getLong(3), rows.getInt(4),
                    rows.getString(5), rows.getString(6)));
        }
        return List.copyOf(commands);
    }
}
