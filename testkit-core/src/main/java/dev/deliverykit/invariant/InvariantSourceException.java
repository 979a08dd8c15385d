package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * A database an invariant must read could not be opened, or its read transaction could not be ended; or a broker a
 * {@link RecordSource} reads could not be read. The message names the invariant and the {@link JdbcSource#name()} or
 * {@link RecordSource#name()}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InvariantSourceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private InvariantSourceException(String message, Throwable cause) {
        super(message, cause);
    }

    static InvariantSourceException cannotOpen(String invariant, String database, Exception cause) {
        return new InvariantSourceException(
                InvariantErrorMessages.cannotOpen(invariant, database, cause.getMessage()), cause);
    }

    static InvariantSourceException openedNull(String invariant, String database) {
        return new InvariantSourceException(InvariantErrorMessages.openedNull(invariant, database), null);
    }

    static InvariantSourceException cannotRead(
            String invariant, String role, String source, String detail, Throwable cause) {
        return new InvariantSourceException(InvariantErrorMessages.cannotRead(invariant, role, source, detail), cause);
    }

    static InvariantSourceException cannotEndRead(String invariant, String database, SQLException cause) {
        return new InvariantSourceException(
                InvariantErrorMessages.cannotEndRead(invariant, database, cause.getMessage()), cause);
    }
}
