package dev.deliverykit.boundary;

import dev.deliverykit.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Code that catches Throwable around delivery code and carries on after the crash: a dead process, whose further
 * calls are refused and listed, and which is judged by what survives.
 */
final class SwallowingWorkload implements Workload {

    static volatile int lineAfterCrash;

    private final Path directory;

    SwallowingWorkload(Path directory) {
        this.directory = directory;
    }

    @Override
    public void run() throws Exception {
        Connection connection = LedgerDatabase.SQLITE.open(directory);
        try {
            new Ledger(connection).depositWithStatements("o1", 5);
        } catch (Throwable swallowed) {
            // catching Throwable around delivery code: the crash stops here instead of ending the process
        }
        try {
            lineAfterCrash = Lines.current() + 1; // the next line
            connection.createStatement();
        } catch (SQLException closed) {
            // and carrying on regardless
        }
    }
}
