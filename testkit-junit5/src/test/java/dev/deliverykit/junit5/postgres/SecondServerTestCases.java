package dev.deliverykit.junit5.postgres;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.ChildRun;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.postgres.PostgresBeforeAllTestCases.ShipsInOneTransaction;
import dev.deliverykit.junit5.postgres.PostgresBeforeAllTestCases.ShopOnItsOwnServer;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test classes run by {@link SecondServerTests} in both modes: one whose {@code @BeforeAll} starts a PostgreSQL of
 * its own in every JVM, so that each child JVM writes to a second server, and one on a SQLite file, which opens no
 * socket.
 */
final class SecondServerTestCases {

    /**
     * The system property naming the file where a child JVM writes the data directory of the server it started: the
     * child halts without stopping it, so the test JVM stops it ({@link PostgresServer#stopOrphan}).
     */
    static final String CHILD_SERVERS = "deliverykit.test.second-server.pids";

    private SecondServerTestCases() {}

    /** Correct code on a server started in {@code @BeforeAll} without the system property: one in every JVM. */
    @CrashTestKitOnly
    static class StartsAServerInEveryJvm extends ShipsInOneTransaction {
        @BeforeAll
        static void startPostgres() { // hides the inherited one, which would use the test JVM's server
            Path data = PostgresServer.newDataDirectory();
            started = PostgresServer.start(data);
            server = "jdbc:postgresql://127.0.0.1:" + started.getPort() + "/postgres?user=postgres";
            if (System.getProperty(ChildRun.PLAN_PROPERTY) != null) {
                try {
                    Files.writeString(
                            Path.of(System.getProperty(CHILD_SERVERS)),
                            data + "\n",
                            StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** The same shop on a SQLite file of the case's {@code @TempDir}, written before the run. */
    static class ShopOnSqlite {
        @TempDir
        Path dir;

        String url;

        @CheckInvariant
        final Invariant shippedOnce = Invariants.atMostOncePerKey("each order shipped once")
                .effectsIn(JdbcSource.url(() -> url).named("shop"), "shipment", "order_id");

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            url = "jdbc:sqlite:" + dir.resolve("shop.db");
            ShopOnItsOwnServer.execute(url, "CREATE TABLE orders (id TEXT PRIMARY KEY, state TEXT NOT NULL)");
            ShopOnItsOwnServer.execute(url, "CREATE TABLE shipment (order_id TEXT NOT NULL)");
            ShopOnItsOwnServer.execute(url, "INSERT INTO orders VALUES ('o-1', 'placed')");
            scenario.run(() -> ShipsInOneTransaction.shipInOneTransaction(url));
            scenario.restart(() -> ShipsInOneTransaction.shipInOneTransaction(url));
            PostgresBeforeAllTestCases.SEEN.add("ShopOnSqlite " + scenario.mode() + " "
                    + ShopOnItsOwnServer.rows(url, "SELECT id || '=' || state FROM orders") + " shipments "
                    + ShopOnItsOwnServer.rows(url, "SELECT count(*) FROM shipment"));
        }
    }
}
