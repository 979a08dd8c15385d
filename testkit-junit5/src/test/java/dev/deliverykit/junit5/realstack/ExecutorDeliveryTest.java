package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Shop.RelayKind;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The relay's deliveries done on a thread pool the relay creates in its constructor, and on the common pool
 * with {@code CompletableFuture.runAsync}, the workload waiting for them: the pool's threads are part of the
 * dying process, a crash on one of them is a crash (not "Crash swallowed") fired on that thread, and a
 * sweep over two orders is the same in five repetitions and passes.
 */
@RealStack
class ExecutorDeliveryTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class OwnPoolSweepTestCases extends OutboxSweep.Checked {
        OwnPoolSweepTestCases() {
            super(Store.SQLITE, RelayKind.EXECUTOR, false, "o-1", "o-2");
        }
    }

    @CrashTestKitOnly
    static class CommonPoolSweepTestCases extends OutboxSweep.Checked {
        CommonPoolSweepTestCases() {
            super(Store.SQLITE, RelayKind.COMMON_POOL, false, "o-1", "o-2");
        }
    }

    /** Commit #1 places the order on the test's thread; commit #2 is the receiver's, on the relay's pool. */
    @CrashTestKitOnly
    static class CrashOnTheOwnPoolsThreadTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CrashAt(selector = "before-commit", occurrence = 2)
        @CrashAt(selector = "after-commit", occurrence = 2)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.EXECUTOR, "o-1");
            assertThat(scenario.crash().orElseThrow().crashSite().threadName()).isEqualTo("relay-worker-1");
        }
    }

    @CrashTestKitOnly
    static class CrashOnTheCommonPoolsThreadTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CrashAt(selector = "before-commit", occurrence = 2)
        @CrashAt(selector = "after-commit", occurrence = 2)
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.COMMON_POOL, "o-1");
            // With fewer than two common-pool threads (a 2-core machine) runAsync starts a new Thread per task.
            assertThat(scenario.crash().orElseThrow().crashSite().threadName())
                    .matches("ForkJoinPool\\.commonPool-worker-[0-9]+|Thread-[0-9]+");
        }
    }

    private List<List<String>> fiveRuns(Class<?> fixture) {
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 5; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);
            assertThat(results).hasNumberOfFailedContainers(0);
            runs.add(Outcomes.of(results));
        }
        return runs;
    }

    /** Deliveries on the relay's own pool, and on the common pool. */
    @ParameterizedTest
    @ValueSource(classes = {OwnPoolSweepTestCases.class, CommonPoolSweepTestCases.class})
    void aSweepOverDeliveriesOnAPoolIsTheSameFiveTimesAndPasses(Class<?> fixture) {
        List<List<String>> runs = fiveRuns(fixture);

        assertThat(runs.stream().map(ExecutorDeliveryTest::withoutSites).toList())
                .containsOnly(withoutSites(runs.get(0)));
        assertThat(runs.stream().map(ExecutorDeliveryTest::withoutHitNumbers).toList())
                .containsOnly(withoutHitNumbers(runs.get(0)));
        assertThat(runs.get(0)).hasSize(TWO_ORDER_CASES).allMatch(line -> line.endsWith(": SUCCESSFUL"));
    }

    /**
     * The cases of a sweep without their position and crash site: two workers deliver at the same time, so the
     * order in which their hits were recorded (the cases' positions, and which worker's commit is commit #4)
     * follows the interleaving; the cases' boundaries, hit numbers and outcomes are the same in every run
     * (docs/sweeps.md).
     */
    static List<String> withoutSites(List<String> outcomes) {
        return outcomes.stream()
                .map(line -> line.replaceFirst("^\\[[0-9]+\\] ", "").replaceFirst(" in [^:]*: ", ": "))
                .sorted()
                .toList();
    }

    /** The cases without their position and hit number: the same sites in every run, whatever their numbers. */
    static List<String> withoutHitNumbers(List<String> outcomes) {
        return outcomes.stream()
                .map(line -> line.replaceFirst("^\\[[0-9]+\\] ", "").replaceFirst(" #[0-9]+ in ", " in "))
                .sorted()
                .toList();
    }

    /** Two orders: 4 inserts and a commit each to place, 2 inserts and a commit to receive, an update and a commit to mark. */
    static final int TWO_ORDER_CASES = 1 + 2 * 2 * (2 + 1 + 2 + 1 + 1 + 1);

    /** A crash on the relay's own pool's thread, and on a common-pool thread (each fixture checks the thread). */
    @ParameterizedTest
    @ValueSource(classes = {CrashOnTheOwnPoolsThreadTestCases.class, CrashOnTheCommonPoolsThreadTestCases.class})
    void aCrashOnAPoolThreadIsACrashOfTheProcessFiredOnThatThread(Class<?> fixture) {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);

        assertThat(Outcomes.of(results))
                .containsExactly("[1] crash before commit #2: SUCCESSFUL", "[2] crash after commit #2: SUCCESSFUL");
    }
}
