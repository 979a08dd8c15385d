package dev.deliverykit.spring;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
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

        // the recording, then each crash of the first process (before and after the order's commit, and at each
        // commit of the delivery Spring hands to its executor from there, which keeps the order's places), each
        // followed by the restart crashed at each of its commits: Modulith's resubmission (named after the
        // recovery's own frame) and the delivery it starts
        String order = "crash after commit #1 in OrderService.placeOrder"
                + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        String resubmitted =
                "after commit #2 in ShopSweep.placeCrashAndRecover (via DefaultListableBeanFactory$1.ifAvailable)";
        String processing = "before commit #1 in IdempotentShipping.on"
                + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        String delivery = " in IdempotentShipping.on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        assertThat(results.startedCases().get(0)).isEqualTo("[1] record boundaries (crash-free run)");
        // a restart dying between Modulith's "resubmitted" mark and the listener's "processing" mark leaves the
        // publication in flight for good: the next restart's resubmission skips it and the order never ships
        assertThat(results.failedCases())
                .containsExactly(
                        "[15] " + order + ", then " + resubmitted,
                        "[16] " + order + ", then " + processing,
                        "[25] crash before commit #1" + delivery + ", then " + resubmitted,
                        "[26] crash before commit #1" + delivery + ", then " + processing,
                        "[35] crash after commit #1" + delivery + ", then " + resubmitted,
                        "[36] crash after commit #1" + delivery + ", then " + processing,
                        "[45] crash before commit #2" + delivery + ", then " + resubmitted,
                        "[46] crash before commit #2" + delivery + ", then " + processing,
                        "[55] crash after commit #2" + delivery + ", then " + resubmitted,
                        "[56] crash after commit #2" + delivery + ", then " + processing,
                        "[65] crash before commit #3" + delivery + ", then " + resubmitted,
                        "[66] crash before commit #3" + delivery + ", then " + processing);
        assertThat(results).hasNumberOfStartedCases(73).hasNumberOfSucceededCases(61);
        // every one leaves the publication incomplete; the first process's deaths before the listener's own commit
        // (cases up to [46]) also lose the order, those after it ([55] on) leave it shipped, once
        String incomplete = """
                [ShopSweep.everyPublicationCompleted] every publication completed: violated (checked 1 row returned)
                """;
        String lost = """
                [ShopSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                (checked 1 intent key, 0 effect rows)
                  lost intent: 1 key
                    o-1: found 0 effects, expected exactly 1
                """;
        for (String failed : results.failedCases().subList(0, 8)) {
            assertThat(results.failureOf(failed).orElseThrow().getMessage())
                    .startsWith(declared(2, 2, pair(failed)) + "\n" + lost + incomplete);
        }
        for (String failed : results.failedCases().subList(8, 12)) {
            assertThat(results.failureOf(failed).orElseThrow().getMessage())
                    .startsWith(declared(1, 2, pair(failed)) + "\n" + incomplete);
        }
    }

    /** What ran before a failed pair's invariants: the pair, named without its index, and both recoveries. */
    private static String pair(String failed) {
        return failed.substring(failed.indexOf("] ") + 2) + " and the second recovery:";
    }
}
