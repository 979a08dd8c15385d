package dev.deliverykit.spring;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.spring.shop.NaiveShop;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listener that ships blindly, with its application started by {@link SpringProcess}: Modulith completes a
 * publication in a transaction of its own after the listener's commit, so a death between the two leaves the
 * shipment made and the publication incomplete, and the recovery's resubmission ships the order again. The sweep
 * catches exactly those two cases, in the test's JVM and as real process exits.
 */
class NaiveListenerTests {

    @TempDir
    Path reports;

    // tag::naive-sweep[]
    @CrashTestKitOnly
    static class NaiveListenerTestCases extends ShopSweep {
        NaiveListenerTestCases() {
            super(NaiveShop.class);
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover();
        }
    }
    // end::naive-sweep[]

    @Test
    void theNaiveListenerShipsTwiceWhenTheProcessDiesBetweenItsCommitAndModulithsCompletion() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveListenerTestCases.class);

        // in each mode: the recording, then before and after each of the 4 commits (the order's, Modulith's
        // "processing" mark, the listener's, Modulith's completion); the context's start and close commit nothing
        // the sweep crashes
        List<String> started = results.startedCases();
        assertThat(started).hasSize(18);
        assertThat(started.get(0)).isEqualTo("[1] record boundaries (crash-free run)");
        assertThat(started.get(9)).isEqualTo("[10] record boundaries (crash-free run) (child JVM)");
        assertThat(started.get(6)).startsWith("[7] crash after commit #3 in ");
        assertThat(started.get(7)).startsWith("[8] crash before commit #4 in ");
        assertThat(started.get(15)).startsWith("[16] crash after commit #3 in ").endsWith(" (child JVM)");
        assertThat(started.get(16))
                .startsWith("[17] crash before commit #4 in ")
                .endsWith(" (child JVM)");
        // between the listener's commit and Modulith's completion, in both modes
        assertThat(results.failedCases())
                .containsExactly(started.get(6), started.get(7), started.get(15), started.get(16));
        assertThat(results).hasNumberOfStartedCases(18).hasNumberOfSucceededCases(14);
        for (String failed : results.failedCases()) {
            assertThat(results.failureOf(failed).orElseThrow().getMessage())
                    .contains("""
                            1 of 2 invariants declared with @CheckInvariant violated after crash""")
                    .contains("""
                            [ShopSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                            (checked 1 intent key, 2 effect rows)
                              duplicate effect: 1 key
                                o-1: found 2 effects, expected exactly 1
                            """);
        }
    }
}
