package dev.deliverykit.reference;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * A SQL error in a reference protocol, with the operation and database it happened in.
 *
 * <p>The reference code never turns a SQL error into an outcome: a rejected insert, a lock wait that
 * ran out or a closed connection propagates as this exception, and the transaction it happened in has
 * been rolled back. The original {@link SQLException} is the {@linkplain #getCause() cause}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** SQLite's primary result code for {@code SQLITE_BUSY}. */
    private static final int SQLITE_BUSY = 5;

    private final boolean lockTimeout;

    private StoreException(String message, SQLException cause, boolean lockTimeout) {
        super(message, cause);
        this.lockTimeout = lockTimeout;
    }

    /**
     * Wraps {@code cause}, naming {@code operation} (for example {@code "advance A1"}) and the database.
     */
    public static StoreException of(String operation, SqliteDatabase database, SQLException cause) {
        boolean busy = isBusy(cause);
        String message;
        if (busy) {
            message = operation + " failed: " + database.file() + " stayed locked by another connection for"
                    + " the whole busy timeout of " + database.busyTimeout().toMillis() + " ms; nothing was"
                    + " written. Retry the call, or give SqliteDatabase.withBusyTimeout(...) a longer timeout.";
        } else {
            message = operation + " failed on " + database.file() + ": " + cause.getMessage()
                    + "; the transaction was rolled back and nothing was written.";
        }
        return new StoreException(message, cause, busy);
    }

    /** Whether {@code e} is SQLite's {@code SQLITE_BUSY} (any extended code of it). */
    static boolean isBusy(SQLException e) {
        return (e.getErrorCode() & 0xff) == SQLITE_BUSY;
    }

    /** Whether the write lock could not be taken within the busy timeout. */
    public boolean isLockTimeout() {
        return lockTimeout;
    }
}
