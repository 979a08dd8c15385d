package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * An idempotent receiver whose dedup records can be cleaned up safely: receipts keyed by
 * {@code (namespace, epoch, op)}, result tombstones, and a monotonic per-namespace boundary
 * {@code closed_through} that replaces the receipts it collects (section 3 of {@code docs/protocols.md}).
 *
 * <pre>{@code
 * try (RetentionStore store = new RetentionStore(SqliteDatabase.at(dir.resolve("retention.db")))) {
 *     store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");   // CREATED, effect 1
 *     store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");   // REPLAYED, effect 1
 *     store.closeAndCollect("demo", 1);                             // boundary 1, receipt deleted
 *     store.execute("demo", 1, "work-9", "{}");                     // CLOSED: never seen, still refused
 *     store.execute("demo", 2, "work-2", "{}");                     // CREATED, effect 2
 * }
 * }</pre>
 *
 * <p>Both {@link #execute} and {@link #closeAndCollect} run in ONE {@code BEGIN IMMEDIATE} transaction,
 * so they are ordered against each other: either the request commits first (its effect stays, the seal
 * then deletes its receipt) or the seal commits first (the request sees the boundary and is refused).
 * A committed effect is never undone by a seal. The digest is the SHA-256 of the exact UTF-8
 * {@code params} string, not of a canonical form: callers must send byte-identical parameters.
 *
 * <p><b>Crash boundaries of protocols.md section 3</b>, each a distinct JDBC statement or method exit
 * so that a crash can be injected from outside (there are no hooks in this class):
 * <table>
 * <caption>boundary to statement</caption>
 * <tr><th>boundary</th><th>where the process dies</th></tr>
 * <tr><td>close_and_collect: after the boundary update, before commit</td>
 *     <td>after {@code UPDATE boundary SET closed_through = ? WHERE namespace = ?} (in
 *     {@code raiseBoundary})</td></tr>
 * <tr><td>close_and_collect: after the delete, before commit</td>
 *     <td>after {@code DELETE FROM receipt WHERE namespace = ? AND epoch <= ?} (in
 *     {@code deleteReceiptsThrough})</td></tr>
 * <tr><td>close_and_collect: after commit, before reply</td>
 *     <td>at the exit of {@link #closeAndCollect(String, long)} (its {@code COMMIT} has run)</td></tr>
 * <tr><td>execute: after the effect insert, before the receipt insert</td>
 *     <td>after {@code INSERT INTO effect(namespace, epoch, op) VALUES (?, ?, ?)} (in
 *     {@code insertEffect}), i.e. before {@code INSERT INTO receipt(...)}</td></tr>
 * <tr><td>execute: after commit, before reply</td>
 *     <td>at the exit of {@link #execute(String, long, String, String)} (its {@code COMMIT} has run)</td></tr>
 * </table>
 *
 * <p>Holds one connection; not thread-safe. Give every thread or process its own instance; recovery is
 * a new instance on the same file.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RetentionStore implements AutoCloseable {

    /** Longest accepted namespace, in characters. */
    public static final int MAX_NAMESPACE_LENGTH = 128;
    /** Longest accepted op id, in characters. */
    public static final int MAX_OP_LENGTH = 256;
    /** Longest accepted parameter string, in characters. */
    public static final int MAX_PARAMS_LENGTH = 65_536;

    private static final String SELECT_CLOSED_THROUGH =
            "SELECT closed_through FROM boundary WHERE namespace = ?";
    private static final String SELECT_RECEIPT =
            "SELECT digest, result FROM receipt WHERE namespace = ? AND epoch = ? AND op = ?";
    private static final String INSERT_EFFECT =
            "INSERT INTO effect(namespace, epoch, op) VALUES (?, ?, ?)";
    private static final String SELECT_INSERTED_EFFECT_ID = "SELECT last_insert_rowid()";
    private static final String INSERT_RECEIPT =
            "INSERT INTO receipt(namespace, epoch, op, digest, result) VALUES (?, ?, ?, ?, ?)";
    private static final String INSERT_BOUNDARY_IF_MISSING =
            "INSERT INTO boundary(namespace, closed_through) VALUES (?, 0) ON CONFLICT(namespace) DO NOTHING";
    private static final String UPDATE_BOUNDARY =
            "UPDATE boundary SET closed_through = ? WHERE namespace = ?";
    private static final String DELETE_RECEIPTS_THROUGH =
            "DELETE FROM receipt WHERE namespace = ? AND epoch <= ?";
    private static final String EXPIRE_RESULT =
            "UPDATE receipt SET result = NULL WHERE namespace = ? AND epoch = ? AND op = ?";

    private final SqliteDatabase database;
    private final Connection connection;

    /**
     * Opens one connection to {@code database} and creates the tables if they do not exist yet. Existing
     * boundaries, receipts and effects are kept: re-initialising never resets a boundary.
     *
     * @throws StoreException if the file cannot be opened or the schema cannot be created
     */
    public RetentionStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.connection = Sql.openWithSchema(database, RetentionSchema.ALL);
    }

    /**
     * Executes one request at most once per {@code (namespace, epoch, op)}, in one {@code BEGIN IMMEDIATE}
     * transaction: an epoch at or below the namespace's boundary is {@link ExecuteOutcome#CLOSED}; a known
     * key with another digest is a {@link ExecuteOutcome#CONFLICT}; with the same digest it is
     * {@link ExecuteOutcome#REPLAYED} (result kept) or {@link ExecuteOutcome#RESULT_EXPIRED} (tombstone);
     * otherwise the effect and its receipt are inserted together: {@link ExecuteOutcome#CREATED}.
     *
     * <p>The key includes the epoch: the same op re-sent under a newer epoch is a new key and creates a
     * new effect. Epochs must come from trusted task state, never from the caller's wish to dodge
     * {@code CLOSED}.
     *
     * @throws IllegalArgumentException if an argument is null, blank, out of range or too long; nothing
     *                                  is stored
     * @throws StoreException           if SQLite fails (for example the write lock stays taken for the
     *                                  whole busy timeout); the transaction is rolled back
     */
    public ExecuteResult execute(String namespace, long epoch, String op, String params) {
        String call = "execute";
        RetentionInputs.namespace(call, namespace);
        RetentionInputs.epoch(call, epoch);
        RetentionInputs.op(call, op);
        RetentionInputs.params(call, params);
        String digest = CanonicalJson.sha256(params);
        return Sql.inWriteTransaction(connection, database, describe(call, namespace, epoch, op), c -> {
            if (epoch <= closedThrough(c, namespace)) {
                return new ExecuteResult.Closed();
            }
            Optional<StoredReceipt> receipt = findReceipt(c, namespace, epoch, op);
            if (receipt.isPresent()) {
                return answerFromReceipt(receipt.get(), digest);
            }
            long effectId = insertEffect(c, namespace, epoch, op);
            insertReceipt(c, namespace, epoch, op, digest, effectId);
            return new ExecuteResult.Created(effectId);
        });
    }

    /**
     * Seals {@code namespace} through epoch {@code through} and deletes the receipts the seal replaces, in
     * ONE write transaction: first raises {@code closed_through} to {@code through}, then deletes every
     * receipt with {@code epoch <= through}. Sealing an epoch refuses all its requests from then on,
     * including legitimate ones that never arrived: it is a business decision, not disk housekeeping.
     * Closing through the current boundary again is allowed and collects any receipts left below it.
     *
     * @throws BoundaryLoweringException if {@code through} is below the current boundary; nothing changes
     * @throws IllegalArgumentException  if the namespace is invalid or {@code through < 1}
     * @throws StoreException            if SQLite fails, for example a rejected delete; the boundary
     *                                   update is rolled back with it
     */
    public CloseAndCollectResult closeAndCollect(String namespace, long through) {
        String call = "closeAndCollect";
        RetentionInputs.namespace(call, namespace);
        RetentionInputs.through(call, through);
        String operation = "close and collect namespace '" + namespace + "' through epoch " + through;
        return Sql.inWriteTransaction(connection, database, operation, c -> {
            Sql.update(c, INSERT_BOUNDARY_IF_MISSING, namespace);
            long previous = closedThrough(c, namespace);
            if (through < previous) {
                throw new BoundaryLoweringException(namespace, through, previous, database.file().toString());
            }
            raiseBoundary(c, namespace, through);
            int deleted = deleteReceiptsThrough(c, namespace, through);
            return new CloseAndCollectResult(namespace, previous, through, deleted);
        });
    }

    /**
     * Turns the receipt of one key into a tombstone: its digest stays, so a retry is still recognised
     * ({@link ExecuteOutcome#RESULT_EXPIRED}) and a changed request still conflicts, but the result is gone.
     *
     * @throws IllegalArgumentException if an argument is invalid; nothing changes
     * @throws StoreException           if SQLite fails; the transaction is rolled back
     */
    public ExpireOutcome expireResult(String namespace, long epoch, String op) {
        String call = "expireResult";
        RetentionInputs.namespace(call, namespace);
        RetentionInputs.epoch(call, epoch);
        RetentionInputs.op(call, op);
        return Sql.inWriteTransaction(connection, database, describe(call, namespace, epoch, op), c -> {
            Optional<StoredReceipt> receipt = findReceipt(c, namespace, epoch, op);
            if (receipt.isEmpty()) {
                return ExpireOutcome.NO_RECEIPT;
            }
            if (receipt.get().isTombstone()) {
                return ExpireOutcome.ALREADY_EXPIRED;
            }
            Sql.update(c, EXPIRE_RESULT, namespace, epoch, op);
            return ExpireOutcome.EXPIRED;
        });
    }

    /** The committed {@code closed_through} of {@code namespace}; 0 if it was never sealed. */
    public long closedThrough(String namespace) {
        RetentionInputs.namespace("closedThrough", namespace);
        return Sql.read(connection, database, "read the boundary of namespace '" + namespace + "'",
                c -> closedThrough(c, namespace));
    }

    /** Closes the connection. Uncommitted work cannot exist here: every call commits or rolls back. */
    @Override
    public void close() {
        Sql.close(connection, database);
    }

    private static ExecuteResult answerFromReceipt(StoredReceipt receipt, String digest) {
        if (!receipt.digest().equals(digest)) {
            return new ExecuteResult.Conflict();
        }
        if (receipt.isTombstone()) {
            return new ExecuteResult.ResultExpired();
        }
        return new ExecuteResult.Replayed(receipt.result());
    }

    private static long closedThrough(Connection c, String namespace) throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(SELECT_CLOSED_THROUGH)) {
            Sql.bind(statement, namespace);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        }
    }

    private static Optional<StoredReceipt> findReceipt(Connection c, String namespace, long epoch, String op)
            throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(SELECT_RECEIPT)) {
            Sql.bind(statement, namespace, epoch, op);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                String digest = row.getString(1);
                long result = row.getLong(2);
                return Optional.of(new StoredReceipt(digest, row.wasNull() ? null : result));
            }
        }
    }

    /** Crash boundary "execute: after the effect insert, before the receipt insert" follows this. */
    private static long insertEffect(Connection c, String namespace, long epoch, String op) throws SQLException {
        Sql.update(c, INSERT_EFFECT, namespace, epoch, op);
        try (PreparedStatement statement = c.prepareStatement(SELECT_INSERTED_EFFECT_ID);
                ResultSet row = statement.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private static void insertReceipt(Connection c, String namespace, long epoch, String op, String digest,
            long effectId) throws SQLException {
        Sql.update(c, INSERT_RECEIPT, namespace, epoch, op, digest, effectId);
    }

    /** Crash boundary "close_and_collect: after the boundary update, before commit" follows this. */
    private static void raiseBoundary(Connection c, String namespace, long through) throws SQLException {
        Sql.update(c, UPDATE_BOUNDARY, through, namespace);
    }

    /** Crash boundary "close_and_collect: after the delete, before commit" follows this. */
    private static int deleteReceiptsThrough(Connection c, String namespace, long through) throws SQLException {
        return Sql.update(c, DELETE_RECEIPTS_THROUGH, namespace, through);
    }

    private static String describe(String call, String namespace, long epoch, String op) {
        return call + " (namespace '" + namespace + "', epoch " + epoch + ", op '" + op + "')";
    }

    /** A receipt row; {@code result} null means the result expired (tombstone). */
    private record StoredReceipt(String digest, Long result) {
        boolean isTombstone() {
            return result == null;
        }
    }
}
