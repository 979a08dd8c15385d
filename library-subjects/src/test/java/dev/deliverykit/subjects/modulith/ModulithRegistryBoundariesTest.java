package dev.deliverykit.subjects.modulith;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.SpringBoundaries;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.subjects.modulith.ModulithShop.Listener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep over the built-in Spring and Modulith boundaries ({@link SpringBoundaries}), which every test has with
 * Modulith on its class path: the naive listener fails only after its own {@code @Transactional} commit, before the
 * registry marked the publication completed; the idempotent one survives every point.
 */
class ModulithRegistryBoundariesTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class NaiveListenerTestCases extends ModulithSweep {
        NaiveListenerTestCases() {
            super(Listener.NAIVE);
        }

        @CrashSweep(
                kinds = SweepKind.CATALOGUE,
                boundaries = {
                    SpringBoundaries.TRANSACTIONAL_COMMIT,
                    SpringBoundaries.PUBLICATION_STORED,
                    SpringBoundaries.PUBLICATION_PROCESSING,
                    SpringBoundaries.PUBLICATION_COMPLETED
                })
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover(scenario);
        }
    }

    @CrashTestKitOnly
    static class IdempotentListenerTestCases extends ModulithSweep {
        IdempotentListenerTestCases() {
            super(Listener.IDEMPOTENT);
        }

        @CrashSweep(
                kinds = SweepKind.CATALOGUE,
                boundaries = {
                    SpringBoundaries.TRANSACTIONAL_COMMIT,
                    SpringBoundaries.PUBLICATION_STORED,
                    SpringBoundaries.PUBLICATION_PROCESSING,
                    SpringBoundaries.PUBLICATION_COMPLETED
                })
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover(scenario);
        }
    }

    /**
     * The points of placing and delivering one order, in the order they happen: Modulith stores the publication in
     * the order's transaction; then four {@code @Transactional} commits, the order's, Modulith's "processing" mark,
     * the listener's and Modulith's "completed" mark; and a commit as the context closes.
     */
    static List<String> cases(String listener) {
        String onExecutor = " in " + listener + ".on (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)";
        return List.of(
                "[1] record boundaries (crash-free run)",
                "[2] crash after the Modulith registry stored the publication #1 in OrderService.placeOrder"
                        + " (via AbstractApplicationContext.publishEvent)",
                "[3] crash after the commit of a @Transactional method #1 in OrderService.placeOrder"
                        + " (via CglibAopProxy$DynamicAdvisedInterceptor.intercept)",
                "[4] crash after the commit of a @Transactional method #2" + onExecutor,
                "[5] crash after the Modulith registry marked the publication processing #1" + onExecutor,
                "[6] crash after the commit of a @Transactional method #3" + onExecutor,
                "[7] crash after the commit of a @Transactional method #4" + onExecutor,
                "[8] crash after the Modulith registry marked the publication completed #1" + onExecutor,
                "[9] crash after the commit of a @Transactional method #5 in ModulithShop.placeOrder"
                        + " (via AbstractApplicationContext.close)");
    }

    @Test
    void theNaiveListenerFailsOnlyBetweenItsCommitAndTheRegistrysCompletion() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveListenerTestCases.class);
        List<String> cases = cases("NaiveShipping");

        assertThat(results.startedCases()).containsExactlyElementsOf(cases);
        // the listener's own commit, before Modulith marked its publication completed
        assertThat(results.failedCases()).containsExactly(cases.get(5));
        assertThat(results)
                .hasFailedCase(cases.get(5))
                .withMessageContaining(
                        "o-1: found 2 effects, expected exactly 1",
                        "Replay only this case: -Ddeliverykit.replay='boundary=after-transactional-commit;hit=3'");
    }

    @Test
    void theIdempotentListenerSurvivesEveryPoint() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(IdempotentListenerTestCases.class);

        assertThat(results.startedCases()).containsExactlyElementsOf(cases("IdempotentShipping"));
        assertThat(results).hasNumberOfStartedCases(9).hasNumberOfSucceededCases(9);
    }
}
