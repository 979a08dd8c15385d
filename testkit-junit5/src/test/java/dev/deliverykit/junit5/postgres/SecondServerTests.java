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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child JVM whose JDBC connections reach a local server the test JVM's never reached fails its case, saying that
 * it is most likely a second server started by the class's {@code @BeforeAll}; correct use is never refused.
 */
@RealStack
class SecondServerTests {

    /** The head of the message: the child's case, and the address of the server it reached. */
    private static final Pattern SECOND_SERVER = Pattern.compile("^Second server: the child JVM running the test"
            + " method up to scenario\\.run\\(\\.\\.\\.\\) for (.+) connected through JDBC to 127\\.0\\.0\\.1:\\d+, a"
            + " local server the test JVM's JDBC connections never reached\\. ");

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        PostgresBeforeAllTestCases.SEEN.clear();
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports.resolve(testCases.getSimpleName()))
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                // A JDK 17 child that maps an archive listing the PostgreSQL driver's classes, which a child that
                // started its own server trained, may die loading one of them (SIGSEGV in
                // check_shared_class_file_load_hook): these children neither train nor map one.
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING, "false")
                .run(testCases);
    }

    @Test
    void aChildThatStartsAServerOfItsOwnFailsItsCaseNamingTheServer() throws IOException {
        Path childServers = reports.resolve("child-servers");
        System.setProperty(SecondServerTestCases.CHILD_SERVERS, childServers.toString());
        CrashTestResults results;
        try {
            results = run(SecondServerTestCases.StartsAServerInEveryJvm.class);
        } finally {
            System.clearProperty(SecondServerTestCases.CHILD_SERVERS);
            stopServersOfChildren(childServers);
        }

        String childRecording = "record boundaries (crash-free run) (child JVM)";
        assertThat(results).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(3);
        assertThat(results.failedCases()).containsExactly("[4] " + childRecording);
        String message =
                results.failureOf("[4] " + childRecording).orElseThrow().getMessage();
        Matcher named = SECOND_SERVER.matcher(message);
        assertThat(named.find()).as(message).isTrue();
        assertThat(named.group(1)).isEqualTo(childRecording);
        assertThat(message)
                .contains("It is most likely a second server, started in the child by the test class's @BeforeAll")
                .contains("\nFix: pass the test JVM's server to the child: ");
        assertThat(PostgresBeforeAllTestCases.SEEN)
                .containsExactly(
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1",
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1",
                        "StartsAServerInEveryJvm IN_PROCESS o-1=shipped shipments 1");
    }

    @Test
    void aClassOnSqliteIsUnaffectedAfterTheTestJvmReachedAServer() {
        CrashTestResults onPostgres = run(PostgresBeforeAllTestCases.ShipsInOneTransaction.class);
        assertThat(EngineControls.jdbcServers()).isNotEmpty(); // what the SQLite class's children are compared with
        CrashTestResults onSqlite = run(SecondServerTestCases.ShopOnSqlite.class);

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
