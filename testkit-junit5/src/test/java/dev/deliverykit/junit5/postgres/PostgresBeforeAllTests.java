package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class that starts an embedded PostgreSQL in {@code @BeforeAll} gives the same verdicts in both modes: its
 * child JVMs use the test JVM's server, whose URL they inherit as a system property, so the test JVM's invariants
 * and recovery see the child's writes. A class that starts one in every JVM fails its child's case, naming the
 * second server; a class on SQLite, which opens no socket, is unaffected.
 */
@RealStack
class PostgresBeforeAllTests {

    /** The head of the message: the child's case, and the address of the server it reached. */
    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        PostgresBeforeAllTestCases.SEEN.clear();
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    /**
     * Runs without class-data sharing: a JDK 17 child that maps an archive listing the PostgreSQL driver's classes,
     * which a child that started its own server trained, may die loading one of them (SIGSEGV in
     * check_shared_class_file_load_hook), so these children neither train nor map one.
     */
    private CrashTestResults runWithoutSharedClasses(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports.resolve(testCases.getSimpleName()))
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING, "false")
                .run(testCases);
    }

    @Test
    void correctCodePassesInBothModesOnTheServerOfTheTestJvm() {
        CrashTestResults results = run(PostgresBeforeAllTestCases.ShipsInOneTransaction.class);

        assertThat(results).hasNumberOfStartedCases(6).hasNumberOfSucceededCases(6);
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .hasSize(6)
                .allSatisfy(seen -> assertThat(seen).endsWith(" o-1=shipped shipments 1"));
    }

    @Test
    void brokenCodeFailsTheSameCasesInBothModes() {
        CrashTestResults results = run(PostgresBeforeAllTestCases.ShipsInTwoTransactions.class);

        String where = " in PostgresBeforeAllTestCases$ShipsInTwoTransactions.commit";
        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfFailedCases(4);
        assertThat(results.failedCases())
                .containsExactly(
                        "[3] crash after commit #1" + where,
                        "[4] crash before commit #2" + where,
                        "[8] crash after commit #1" + where + " (child JVM)",
                        "[9] crash before commit #2" + where + " (child JVM)");
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .filteredOn(seen -> seen.endsWith(" shipments 2"))
                .containsExactly(
                        "ShipsInTwoTransactions IN_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions IN_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions CHILD_PROCESS o-1=shipped shipments 2",
                        "ShipsInTwoTransactions CHILD_PROCESS o-1=shipped shipments 2");
    }

    @Test
    void aChildThatStartsAServerOfItsOwnFailsItsCaseNamingTheServer() throws IOException {
        Path childServers = reports.resolve("child-servers");
        System.setProperty(PostgresBeforeAllTestCases.CHILD_SERVERS, childServers.toString());
        CrashTestResults results;
        try {
            results = runWithoutSharedClasses(PostgresBeforeAllTestCases.StartsAServerInEveryJvm.class);
        } finally {
            System.clearProperty(PostgresBeforeAllTestCases.CHILD_SERVERS);
            stopServersOfChildren(childServers);
        }

        String childRecording = "record boundaries (crash-free run) (child JVM)";
        assertThat(results).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(3);
        assertThat(results.failedCases()).containsExactly("[4] " + childRecording);
        // the message is pinned whole in VerdictMessagesTests; here, the server it names and the case it fails
        String message =
                results.failureOf("[4] " + childRecording).orElseThrow().getMessage();
        String server = message.replaceFirst("(?s)^.*? connected through JDBC to ([^,]+), .*$", "$1");
        assertThat(server).matches("127\\.0\\.0\\.1:\\d+");
        assertThat(message)
                .startsWith("Second server: the child JVM running the test method up to scenario.run(...) for "
                        + childRecording + " connected through JDBC to " + server + ", a local server the test"
                        + " JVM's JDBC connections never reached. ")
                .endsWith("\n\nDeliveryKit case: " + childRecording
                        + "\nReplay only this case: -Ddeliverykit.replay='crash=none'");
        assertThat(message.split("Fix:", -1)).hasSize(2);
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .containsExactly(
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1",
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1",
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1");
    }

    @Test
    void aClassOnSqliteIsUnaffectedAfterTheTestJvmReachedAServer() {
        CrashTestResults onPostgres = runWithoutSharedClasses(PostgresBeforeAllTestCases.ShipsInOneTransaction.class);
        assertThat(EngineControls.jdbcServers()).isNotEmpty(); // what the SQLite class's children are compared with
        CrashTestResults onSqlite = runWithoutSharedClasses(PostgresBeforeAllTestCases.ShopOnSqlite.class);

        assertThat(onPostgres).hasNumberOfStartedCases(6).hasNumberOfSucceededCases(6);
        assertThat(onSqlite).hasNumberOfStartedCases(6).hasNumberOfSucceededCases(6);
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .filteredOn(seen -> seen.startsWith("ShopOnSqlite "))
                .containsExactly(
                        "ShopOnSqlite IN_PROCESS o-1=shipped shipments 1",
                        "ShopOnSqlite IN_PROCESS o-1=shipped shipments 1",
                        "ShopOnSqlite IN_PROCESS o-1=shipped shipments 1",
                        "ShopOnSqlite CHILD_PROCESS o-1=shipped shipments 1",
                        "ShopOnSqlite CHILD_PROCESS o-1=shipped shipments 1",
                        "ShopOnSqlite CHILD_PROCESS o-1=shipped shipments 1");
    }

    /** Stops each server a child started and could not stop, as it halted. */
    private static void stopServersOfChildren(Path childServers) throws IOException {
        if (Files.exists(childServers)) {
            for (String data : Files.readAllLines(childServers)) {
                PostgresServer.stopOrphan(Path.of(data));
            }
        }
    }
}
