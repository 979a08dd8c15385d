package dev.deliverykit.fraycomparison;

import java.sql.SQLException;
import org.opentest4j.AssertionFailedError;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** How a Fray run of one case ended: the first failing schedule's cause, or green over every schedule. */
enum Outcome {
    /** Every schedule passed. */
    GREEN,
    /** A schedule broke exactly-once: a row sent twice, a message applied twice (or not at all). */
    EXACTLY_ONCE_BROKEN,
    /** An instance got SQLITE_BUSY from the driver: the other instance held the file lock while Fray parked it. */
    SQLITE_BUSY,
    /** An instance that retries on SQLITE_BUSY gave up: the other kept the lock for all its attempts. */
    GAVE_UP_ON_BUSY,
    /** Anything else (shown whole in the run's failure). */
    OTHER;

    static Outcome of(Throwable root) {
        if (root == null) {
            return GREEN;
        }
        if (root instanceof AssertionFailedError failed
                && failed.getMessage() != null
                && failed.getMessage().matches("(sent|applied) once: .*")) {
            return EXACTLY_ONCE_BROKEN;
        }
        if (root instanceof SQLiteException busy && busy.getResultCode() == SQLiteErrorCode.SQLITE_BUSY) {
            return SQLITE_BUSY;
        }
        if (root instanceof SQLException gaveUp && gaveUp.getMessage().startsWith(TwoInstances.GAVE_UP)) {
            return GAVE_UP_ON_BUSY;
        }
        return OTHER;
    }
}
