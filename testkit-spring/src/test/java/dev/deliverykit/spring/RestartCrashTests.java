package dev.deliverykit.spring;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.spring.shop.IdempotentShop;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart-crash sweep over Spring Modulith's registry, with {@link SpringProcess} starting each process: the first
 * process dies at the order's commit, then each restart dies at each commit of its resubmission and delivery, and a
 * last restart runs to its end. Narrowed ({@code within}) to the order's commit and the resubmission, so that the
 * delivery of the first process is not crashed too.
 */
class RestartCrashTests {

    /** The first process's order: the work given to {@code shop.run} is a lambda of this method. */
    static final String PLACING = "dev.deliverykit.spring.ShopSweep#placeCrashAndRecover";

    /** The restart's resubmission: Modulith reads the incomplete publications and marks them resubmitted. */
    static final String RESUBMITTING =
            "org.springframework.modulith.events.support.PersistentApplicationEventMulticaster"
                    + "#resubmitIncompletePublications";

    @TempDir
    Path reports;

    // tag::restart-sweep[]
    @CrashTestKitOnly
    static class RestartCrashTestCases extends ShopSweep {
        RestartCrashTestCases() {
            super(IdempotentShop.class);
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                within = {PLACING, RESUBMITTING},
                crashRecovery = true)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover();
        }
    }
    // end::restart-sweep[]

    @Test
    void aRestartDyingAfterModulithMarkedThePublicationResubmittedLeavesItToNoLaterRestart() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(RestartCrashTestCases.class);

        // the recording, before and after the order's commit, then the restart of each crashed at each of its
        // commits: Modulith's read of the incomplete publications and its "resubmitted" mark, and after the order's
        // commit the delivery ("processing" mark, the listener's commit, the completion)
        List<String> started = results.startedCases();
        assertThat(started).hasSize(15);
        assertThat(started.get(8)).startsWith("[9] crash after commit #1 in ").contains(", then after commit #2 in ");
        assertThat(started.get(9)).startsWith("[10] crash after commit #1 in ").contains(", then before commit #3 in ");
        // a restart dying between Modulith's "resubmitted" mark and the listener's "processing" mark leaves the
        // publication in flight for good: the next restart's resubmission skips it and the order never ships
        assertThat(results.failedCases()).containsExactly(started.get(8), started.get(9));
        assertThat(results).hasNumberOfStartedCases(15).hasNumberOfSucceededCases(13);
        for (String failed : results.failedCases()) {
            assertThat(results.failureOf(failed).orElseThrow().getMessage()).contains("""
                    [ShopSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                    (checked 1 intent key, 0 effect rows)
                      lost intent: 1 key
                        o-1: found 0 effects, expected exactly 1
                    [ShopSweep.everyPublicationCompleted] every publication completed: violated \
                    (checked 1 row returned)
                    """);
        }
    }
}
