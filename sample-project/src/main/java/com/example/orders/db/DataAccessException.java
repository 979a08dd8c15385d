package com.example.orders.db;

import java.nio.file.Path;
import java.sql.SQLException;

/**
 * A database call failed. The unit of work it belonged to was rolled back, so nothing of it is stored.
 *
 * <pre>{@code
 * try {
 *     orders.placeOrder("o-1", "alice", 1250);
 * } catch (DataAccessException e) {
 *     // nothing of o-1 was stored: retry later with the same order id
 * }
 * }</pre>
 */
public final class DataAccessException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    DataAccessException(String what, Path file, SQLException cause) {
        super(
                "could not " + what + " in " + file + ": " + cause.getMessage()
                        + " (the unit of work was rolled back; retrying it with the same input is safe)",
                cause);
    }
}
