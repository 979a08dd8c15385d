package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.Instrumenter;
import java.nio.file.Path;
import java.sql.Connection;

/**
 * A child JVM started with the kit's {@code -javaagent}, its database in the directory {@code args[0]}: waits for the agent's JDBC weaver thread if there
 * is one (joins it, no sleeping), loads the SQLite driver, then prints whether the driver's statement
 * class was woven before any engine run, and whether a statement prepared before the first run still
 * hits its boundary in that run ({@code crashed}) or not ({@code not reached}).
 */
final class EarlyWeavingProbe {

    private EarlyWeavingProbe() {}

    public static void main(String[] args) throws Exception {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals("deliverykit-jdbc-weaver")) {
                thread.join();
            }
        }
        Path dir = Path.of(args[0]);
        try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(connection).createSchema();
        }
        System.out.println(Instrumenter.get().wasTransformed("org.sqlite.jdbc3.JDBC3Statement"));
        try (Connection connection = LedgerDatabase.SQLITE.open(dir);
                CachedStatement cached = new CachedStatement(connection)) {
            BoundaryEngine.get()
                    .crashInProcess(
                            CrashPlan.at(Selector.afterStatement("^INSERT INTO outbox")), () -> cached.deposit("o1"));
            System.out.println("crashed");
        } catch (BoundaryNotReachedError e) {
            System.out.println("not reached");
        }
    }
}
