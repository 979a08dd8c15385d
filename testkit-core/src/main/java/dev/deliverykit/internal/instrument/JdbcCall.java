package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * One JDBC call as the engine sees it.
 *
 * @param kind what kind of call
 * @param timing before the call or after its normal return
 * @param sql the whitespace-normalised SQL of a statement, or {@code null} when it is not a statement or
 *     its SQL is unknown (a statement prepared before the JDBC advice was woven)
 * @param transactionEnd whether the call ends a transaction ({@link java.sql.Connection#commit()} or a
 *     {@code COMMIT}/{@code END}/{@code ROLLBACK} statement)
 * @param connection the connection the call belongs to, or {@code null} if it cannot be told
 * @param operation a short name of the call, for messages, such as {@code Connection.commit()}
 */
@API(status = INTERNAL, since = "0.1")
public record JdbcCall(
        Kind kind, Timing timing, String sql, TransactionEnd transactionEnd, Object connection, String operation)
        implements ObservedCall {

    /** What kind of JDBC call. */
    public enum Kind {
        /** {@code Statement.execute*} or {@code PreparedStatement.execute*}. */
        STATEMENT,
        /** {@code Connection.commit()}. */
        COMMIT,
        /** {@code Connection.rollback()} (not to a savepoint). */
        ROLLBACK,
        /** Another connection method that needs a live process: creating or preparing a statement. */
        CONNECTION_USE,
        /** Constructing a connection object. */
        CONNECTION_OPEN,
        /**
         * A call that needs a live process but is no boundary, checked only after a crash: {@code ResultSet.next()}
         * and its row writes, a {@code PreparedStatement}'s parameter setters.
         */
        GUARDED
    }

    /** Before the call, or after it returned normally. */
    public enum Timing {
        BEFORE,
        AFTER
    }

    /** Whether a call ends a transaction. */
    public enum TransactionEnd {
        NONE,
        COMMIT,
        ROLLBACK
    }
}
