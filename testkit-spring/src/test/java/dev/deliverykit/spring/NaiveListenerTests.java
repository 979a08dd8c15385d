package dev.deliverykit.spring;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
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

        // in each mode: the recording, then before and after each of the 4 commits: the order's, made by its
        // transactional proxy, then on the executor's thread, named after the listener: Modulith's "processing" mark,
        // the listener's own commit and Modulith's completion (the context's start and close commit nothing)
        String order = " in OrderService.placeOrder (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        String listener = " in NaiveShipping.on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        List<String> inProcess = List.of(
                "record boundaries (crash-free run)",
                "crash before commit #1" + order,
                "crash after commit #1" + order,
                "crash before commit #1" + listener,
                "crash after commit #1" + listener,
                "crash before commit #2" + listener,
                "crash after commit #2" + listener,
                "crash before commit #3" + listener,
                "crash after commit #3" + listener);
        List<String> started = results.startedCases();
        for (int i = 0; i < inProcess.size(); i++) {
            assertThat(started.get(i)).isEqualTo("[" + (i + 1) + "] " + inProcess.get(i));
            assertThat(started.get(i + 9)).isEqualTo("[" + (i + 10) + "] " + inProcess.get(i) + " (child JVM)");
        }
        // between the listener's commit and Modulith's completion, in both modes
        assertThat(results.failedCases())
                .containsExactly(
                        "[7] crash after commit #2" + listener,
                        "[8] crash before commit #3" + listener,
                        "[16] crash after commit #2" + listener + " (child JVM)",
                        "[17] crash before commit #3" + listener + " (child JVM)");
        assertThat(results).hasNumberOfStartedCases(18).hasNumberOfSucceededCases(14);
        for (String failed : results.failedCases()) {
            assertThat(results.failureOf(failed).orElseThrow().getMessage())
                    .startsWith(
                            declared(1, 2, failed.substring(failed.indexOf("] ") + 2) + " and recovery:") + "\n" + """
                            [ShopSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                            (checked 1 intent key, 2 effect rows)
                              duplicate effect: 1 key
                                o-1: found 2 effects, expected exactly 1
                            """);
        }
    }
}
