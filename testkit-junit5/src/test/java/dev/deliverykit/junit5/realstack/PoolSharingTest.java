package dev.deliverykit.junit5.realstack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.realstack.fixtures.Shop.RelayKind;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HikariCP pools shared by the run and the restart, and a fresh pool per restart: the sweep of the correct
 * Spring outbox passes in full, and each case's outcome and message are the same in five repetitions in one
 * build (after a crash the pool must hand out fresh physical connections, not the ones the crash closed).
 */
class PoolSharingTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class SharedPoolsOnSqliteTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(Store.SQLITE, () -> dir);

        @CrashSweep(kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS}, sql = "^(INSERT|UPDATE|DELETE)")
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecoverOnSharedPools(scenario, Store.SQLITE, dir, RelayKind.CORRECT, "o-1");
        }
    }

    @CrashTestKitOnly
    static class SharedPoolsOnH2TestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.H2, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(Store.H2, () -> dir);

        @CrashSweep(kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS}, sql = "^(INSERT|UPDATE|DELETE)")
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecoverOnSharedPools(scenario, Store.H2, dir, RelayKind.CORRECT, "o-1");
        }
    }

    @CrashTestKitOnly
    static class FreshPoolsOnSqliteTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(Store.SQLITE, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(Store.SQLITE, () -> dir);

        @CrashSweep(kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS}, sql = "^(INSERT|UPDATE|DELETE)")
        void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.CORRECT, "o-1");
        }
    }

    /** Each case's outcome and message, in five runs of {@code fixture}. */
    private List<List<String>> fiveRuns(Class<?> fixture) {
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 5; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports).run(fixture);
            runs.add(Outcomes.of(results));
        }
        return runs;
    }

    private static List<String> allPassing() {
        return SpringOutboxCrashTest.DELIVER_FIRST_CASES.stream().map(name -> name + ": SUCCESSFUL").toList();
    }

    @Test
    void aSqlitePoolSharedByRunAndRestartGivesTheSameAllGreenSweepFiveTimes() {
        assertThat(fiveRuns(SharedPoolsOnSqliteTestCases.class)).containsOnly(allPassing()).hasSize(5);
    }

    @Test
    void anH2PoolSharedByRunAndRestartGivesTheSameAllGreenSweepFiveTimes() {
        assertThat(fiveRuns(SharedPoolsOnH2TestCases.class)).containsOnly(allPassing()).hasSize(5);
    }

    @Test
    void aFreshPoolPerRestartGivesTheSameAllGreenSweepFiveTimes() {
        assertThat(fiveRuns(FreshPoolsOnSqliteTestCases.class)).containsOnly(allPassing()).hasSize(5);
    }
}
