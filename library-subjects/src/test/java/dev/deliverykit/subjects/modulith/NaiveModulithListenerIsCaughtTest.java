package dev.deliverykit.subjects.modulith;

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
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A listener that ships blindly: Modulith completes a publication in a transaction of its own after the listener's
 * commit, so a death between the two leaves the shipment made and the publication incomplete, and the recovery's
 * resubmission ships the order again. The same sweep as {@link ModulithOutboxCrashTest} catches exactly those two
 * cases, in the test's JVM and as real process exits.
 */
class NaiveModulithListenerIsCaughtTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class NaiveListenerTestCases extends ModulithSweep {
        NaiveListenerTestCases() {
            super(Listener.NAIVE);
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                within = {ModulithShop.PLACING, ModulithShop.DELIVERING},
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover(scenario);
        }
    }

    /** The sweep's cases in one mode: its recording and the 8 commits of placing the order and delivering it. */
    static List<String> cases(String mode) {
        return List.of(
                "record boundaries (crash-free run)" + mode,
                "crash before commit #1 in OrderService.placeOrder"
                        + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)" + mode,
                "crash after commit #1 in OrderService.placeOrder"
                        + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)" + mode,
                "crash before commit #1 in NaiveShipping.on" + VIA + mode, // Modulith: processing
                "crash after commit #1 in NaiveShipping.on" + VIA + mode,
                "crash before commit #2 in NaiveShipping.on" + VIA + mode, // the listener's
                "crash after commit #2 in NaiveShipping.on" + VIA + mode,
                "crash before commit #3 in NaiveShipping.on" + VIA + mode, // Modulith: completed
                "crash after commit #3 in NaiveShipping.on" + VIA + mode);
    }

    /**
     * The listener's proxy hands its invocation to the executor: the commits on the executor's thread are named
     * after the listener's method, and counted there.
     */
    private static final String VIA = " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";

    /** The cases of both modes, numbered as JUnit numbers them: in this JVM first, then as real process exits. */
    static List<String> numbered(List<String> inProcess, List<String> inChildJvms) {
        List<String> all = new ArrayList<>(inProcess);
        all.addAll(inChildJvms);
        return IntStream.range(0, all.size())
                .mapToObj(i -> "[" + (i + 1) + "] " + all.get(i))
                .toList();
    }

    static final List<String> CASES = numbered(cases(""), cases(" (child JVM)"));

    @Test
    void theNaiveListenerShipsTwiceWhenTheProcessDiesBetweenItsCommitAndModulithsCompletion() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveListenerTestCases.class);

        assertThat(results.startedCases()).containsExactlyElementsOf(CASES);
        // between the listener's commit and Modulith's completion, in both modes
        assertThat(results.failedCases()).containsExactly(CASES.get(6), CASES.get(7), CASES.get(15), CASES.get(16));
        assertThat(results).hasNumberOfStartedCases(18).hasNumberOfSucceededCases(14);
        assertThat(results)
                .hasFailedCase(CASES.get(15))
                .withMessage(declared(
                                1,
                                3,
                                "crash after commit #2 in NaiveShipping.on (via"
                                        + " CglibAopProxy$DynamicAdvisedInterceptor.intercept) (child JVM) and recovery:")
                        + "\n" + """
                        [ModulithSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                        (checked 1 intent key, 2 effect rows)
                          duplicate effect: 1 key
                            o-1: found 2 effects, expected exactly 1

                        DeliveryKit case: crash after commit #2 in NaiveShipping.on \
                        (via CglibAopProxy$DynamicAdvisedInterceptor.intercept) (child JVM)
                        Replay only this case: -Ddeliverykit.replay='selector=after-commit;\
                        within=dev.deliverykit.subjects.modulith.NaiveShipping#on;hit=2;mode=child-process'""");
    }
}
