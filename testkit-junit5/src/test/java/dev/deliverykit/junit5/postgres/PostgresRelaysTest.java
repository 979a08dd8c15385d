package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;

import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Relays on a real PostgreSQL server under every schedule of two instances: without a lock two relays send a row
 * twice; with {@code FOR UPDATE} the second waits for the first's rows (blocked in the database) and skips them once
 * they are sent; with {@code FOR UPDATE SKIP LOCKED} it takes only what nobody holds.
 */
@RealStack
class PostgresRelaysTest {

    /** Keeps the server up across the fixture runs below. */
    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports).run(testCases);
    }

    @Test
    void relaysThatReadWithoutALockSendEveryRowTwiceWhenOneHoldsBeforeItsCommit() {
        CrashTestResults results = run(PostgresRelaysTestCases.PlainReadTestCases.class);

        assertThat(results).hasNumberOfStartedCases(13).hasNumberOfFailedCases(10);
        assertThat(results)
                .hasFailedCase("[3] schedule relay-a to before commit #1 in PostgresRelays.drain, relay-b to the end,"
                        + " relay-a to the end")
                .withMessageContaining(
                        "[Relays.eachRowSentOnce] each row sent once: violated (checked 2 intent keys, 4 effect rows)",
                        "Replay only this case: -Ddeliverykit.replay='schedule=relay-a:11,relay-b:13,relay-a:2'");
    }

    @Test
    void relaysThatLockTheirRowsSendEachRowOnceWhetherTheOtherWaitsOrSkips() {
        assertThat(run(PostgresRelaysTestCases.ForUpdateTestCases.class))
                .hasNumberOfStartedCases(13)
                .hasNumberOfFailedCases(0);
        assertThat(run(PostgresRelaysTestCases.SkipLockedTestCases.class))
                .hasNumberOfStartedCases(13)
                .hasNumberOfFailedCases(0);
    }
}
