package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import java.sql.Connection;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * <strong>Deliberately broken</strong> retention cleanup: deletes the receipts of old epochs and leaves
 * {@code closed_through} where it was. Afterwards "never done" and "done but forgotten" look the same to
 * {@link RetentionStore#execute}, so a late request for a collected key is {@code CREATED} a second time
 * (effects 1 -&gt; 2). It exists so that the kit's checks have a real bug to catch; use
 * {@link RetentionStore#closeAndCollect} instead.
 *
 * <pre>{@code
 * try (ReceiptOnlyCleanup cleanup = new ReceiptOnlyCleanup(db)) {
 *     cleanup.deleteReceiptsThrough("demo", 1);
 * }
 * store.execute("demo", 1, "work-1", params);   // CREATED again: a duplicate effect
 * }</pre>
 *
 * <p>Its only statement is {@code DELETE FROM receipt WHERE namespace = ? AND epoch <= ?} in one
 * {@code BEGIN IMMEDIATE} transaction; protocols.md names no crash boundary inside it. Holds one
 * connection; not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReceiptOnlyCleanup implements AutoCloseable {

    private static final String DELETE_RECEIPTS_THROUGH =
            "DELETE FROM receipt WHERE namespace = ? AND epoch <= ?";

    private final SqliteDatabase database;
    private final Connection connection;

    /** Opens one connection to {@code database}, creating the retention tables if they are missing. */
    public ReceiptOnlyCleanup(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.connection = Sql.openWithSchema(database, RetentionSchema.ALL);
    }

    /**
     * Deletes every receipt of {@code namespace} with {@code epoch <= through} and does NOT raise the
     * boundary: the bug this class stands for.
     *
     * @throws IllegalArgumentException if the namespace is invalid or {@code through < 1}
     * @throws StoreException           if SQLite fails; nothing is deleted
     */
    public ReceiptCleanupResult deleteReceiptsThrough(String namespace, long through) {
        String call = "deleteReceiptsThrough";
        RetentionInputs.namespace(call, namespace);
        RetentionInputs.through(call, through);
        String operation = "delete receipts of namespace '" + namespace + "' through epoch " + through;
        int deleted = Sql.inWriteTransaction(connection, database, operation,
                c -> Sql.update(c, DELETE_RECEIPTS_THROUGH, namespace, through));
        return new ReceiptCleanupResult(namespace, through, deleted);
    }

    /** Closes the connection. */
    @Override
    public void close() {
        Sql.close(connection, database);
    }
}
