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
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test classes that start an embedded PostgreSQL in {@code @BeforeAll}, as a user's class does, run by
 * {@link PostgresBeforeAllTests} in both modes: the server's URL is a system property that a child JVM inherits, so
 * the child's {@code @BeforeAll} uses the test JVM's server instead of starting a second one. The fixture is on the
 * server, which the kit cannot restore: it is written in {@code scenario.prepare(...)}, in a schema named after
 * the case. {@link StartsAServerInEveryJvm} starts one in every JVM instead, so that each child writes to a second
 * server; {@link ShopOnSqlite} is the same shop on a SQLite file, which opens no socket.
 */
final class PostgresBeforeAllTestCases {

    /** The system property with the server's URL: set by the test JVM, inherited by its child JVMs. */
    static final String URL = "deliverykit.test.before-all.postgres.url";

    /** What the test JVM read back from the server after each case, in order. */
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    /**
     * The system property naming the file where a child JVM writes the data directory of the server it started: the
     * child halts without stopping it, so the test JVM stops it ({@link PostgresServer#stopOrphan}).
     */
    static final String CHILD_SERVERS = "deliverykit.test.before-all.postgres.child-servers";

    private PostgresBeforeAllTestCases() {}

    /** A shop on a server started in {@code @BeforeAll}: an order placed as the fixture, shipped by the workload. */
    abstract static class ShopOnItsOwnServer {
        static EmbeddedPostgres started;
        static String server;

        @BeforeAll
        static void startPostgres() {
            server = System.getProperty(URL);
            if (server == null) { // the test JVM; a child JVM inherits the property and uses this server
                started = PostgresServer.start();
                server = "jdbc:postgresql://127.0.0.1:" + started.getPort() + "/postgres?user=postgres";
                System.setProperty(URL, server);
            }
        }

        @AfterAll
        static void stopPostgres() throws IOException {
            if (started != null) {
                System.clearProperty(URL);
                started.close();
                started = null;
            }
        }

        String schema;

        @CheckInvariant
        final Invariant shippedOnce = Invariants.atMostOncePerKey("each order shipped once")
                .effectsIn(JdbcSource.url(() -> url(schema)).named("shop"), "shipment", "order_id");

        /** Ships order {@code o-1} after a crash or for the first time. */
        abstract void ship(String url) throws SQLException;

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void shipsTheOrder(CrashScenario scenario) throws Exception {
            schema = "s" + Integer.toHexString((scenario.replayKey() + scenario.mode()).hashCode());
            scenario.prepare(() -> {
                execute(server, "CREATE SCHEMA " + schema);
                execute(url(schema), "CREATE TABLE orders (id TEXT PRIMARY KEY, state TEXT NOT NULL)");
                execute(url(schema), "CREATE TABLE shipment (order_id TEXT NOT NULL)");
                execute(url(schema), "INSERT INTO orders VALUES ('o-1', 'placed')");
            });
            String url = url(schema);
            scenario.run(() -> ship(url));
            scenario.restart(() -> ship(url));
            SEEN.add(getClass().getSimpleName() + " " + scenario.mode() + " "
                    + rows(url, "SELECT id || '=' || state FROM orders") + " shipments "
                    + rows(url, "SELECT count(*) FROM shipment"));
        }

        String url(String name) {
            return server + "&currentSchema=" + name;
        }

        static void execute(String url, String sql) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }

        static String rows(String url, String sql) throws SQLException {
            List<String> rows = new ArrayList<>();
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery(sql)) {
                while (result.next()) {
                    rows.add(result.getString(1));
                }
            }
            return String.join(", ", rows);
        }
    }

    /** Ships in one transaction: the shipment and the order's state commit together. */
    static class ShipsInOneTransaction extends ShopOnItsOwnServer {
        @Override
        void ship(String url) throws SQLException {
            shipInOneTransaction(url);
        }

        /** Ships order {@code o-1} on the database at {@code url}, if it is placed, in one transaction. */
        static void shipInOneTransaction(String url) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                try (Statement statement = connection.createStatement()) {
                    if (statement.executeUpdate("UPDATE orders SET state = 'shipped' WHERE state = 'placed'") > 0) {
                        statement.execute("INSERT INTO shipment VALUES ('o-1')");
                    }
                }
                connection.commit();
            }
        }
    }

    /** Ships in two transactions: a crash between them ships the order again in the recovery. */
    @CrashTestKitOnly
    static class ShipsInTwoTransactions extends ShopOnItsOwnServer {
        @Override
        void ship(String url) throws SQLException {
            boolean placed;
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery("SELECT state FROM orders WHERE id = 'o-1'")) {
                placed = result.next() && result.getString(1).equals("placed");
            }
            if (placed) {
                commit(url, "INSERT INTO shipment VALUES ('o-1')");
                commit(url, "UPDATE orders SET state = 'shipped' WHERE id = 'o-1'");
            }
        }

        private static void commit(String url, String sql) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url)) {
                connection.setAutoCommit(false);
                try (Statement statement = connection.createStatement()) {
                    statement.execute(sql);
                }
                connection.commit();
            }
        }
    }

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
            SEEN.add("ShopOnSqlite " + scenario.mode() + " "
                    + ShopOnItsOwnServer.rows(url, "SELECT id || '=' || state FROM orders") + " shipments "
                    + ShopOnItsOwnServer.rows(url, "SELECT count(*) FROM shipment"));
        }
    }
}
