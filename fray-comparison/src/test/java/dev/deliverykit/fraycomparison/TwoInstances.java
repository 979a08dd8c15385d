package dev.deliverykit.fraycomparison;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Two instances as two threads of this JVM, each on its own connection to the same file. */
final class TwoInstances {

    /** Runs of one unit of work an instance makes before it gives up under {@link Busy#RETRY}. */
    static final int ATTEMPTS = 100;

    static final String GAVE_UP = "gave up after " + ATTEMPTS + " attempts";

    @FunctionalInterface
    interface Instance {
        void run(Connection connection) throws SQLException;
    }

    private TwoInstances() {}

    /** Starts both, waits for both, then fails with the first error of an instance, if any. */
    static void run(RelayDatabase database, Instance a, Instance b) throws InterruptedException {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread first = new Thread(() -> runOn(database, a, failures), "instance-a");
        Thread second = new Thread(() -> runOn(database, b, failures), "instance-b");
        first.start();
        second.start();
        first.join();
        second.join();
        if (!failures.isEmpty()) {
            throw new AssertionError("an instance failed: " + failures.get(0).getMessage(), failures.get(0));
        }
    }

    private static void runOn(RelayDatabase database, Instance instance, List<Throwable> failures) {
        try (Connection connection = database.connect()) {
            for (int attempt = 1; ; attempt++) {
                try {
                    instance.run(connection);
                    return;
                } catch (SQLiteException e) {
                    if (database.busy() != Busy.RETRY || !isBusy(e)) {
                        throw e;
                    }
                    if (attempt == ATTEMPTS) {
                        throw new SQLException(GAVE_UP + ", each " + e.getMessage(), e);
                    }
                    if (!connection.getAutoCommit()) {
                        connection.rollback();
                        connection.setAutoCommit(true);
                    }
                    Thread.yield();
                }
            }
        } catch (SQLException | RuntimeException e) {
            failures.add(e);
        }
    }

    private static boolean isBusy(SQLiteException e) {
        SQLiteErrorCode code = e.getResultCode();
        return code == SQLiteErrorCode.SQLITE_BUSY || code.name().startsWith("SQLITE_BUSY_");
    }
}
