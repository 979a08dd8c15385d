package dev.deliverykit.junit5.realstack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
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
 * HikariCP pools shared by the run and the restart, and a fresh pool per restart: the sweep of the correct
 * Spring outbox passes in full, and each case's outcome and message are the same in five repetitions in one
 * build (after a crash the pool must hand out fresh physical connections, not the ones the crash closed).
 */
@RealStack
class PoolSharingTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class SharedPoolsOnSqliteTestCases extends OutboxSweep.Checked {
        SharedPoolsOnSqliteTestCases() {
            super(Store.SQLITE, RelayKind.CORRECT, true, "o-1");
        }
    }

    @CrashTestKitOnly
    static class SharedPoolsOnH2TestCases extends OutboxSweep.Checked {
        SharedPoolsOnH2TestCases() {
            super(Store.H2, RelayKind.CORRECT, true, "o-1");
        }
    }

    @CrashTestKitOnly
    static class FreshPoolsOnSqliteTestCases extends OutboxSweep.Checked {
        FreshPoolsOnSqliteTestCases() {
            super(Store.SQLITE, RelayKind.CORRECT, false, "o-1");
        }
    }

    /** Each case's outcome and message, in five runs of {@code fixture}. */
    private List<List<String>> fiveRuns(Class<?> fixture) {
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 5; run++) {
            CrashTestResults results = CrashTestKit.reportingTo(reports)
                    .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                    .run(fixture);
            runs.add(Outcomes.of(results));
        }
        return runs;
    }

    private static List<String> allPassing() {
        return SpringOutboxCrashTest.DELIVER_FIRST_CASES.stream()
                .map(name -> name + ": SUCCESSFUL")
                .toList();
    }

    /** A SQLite pool and an H2 pool shared by the run and the restart, and a fresh SQLite pool per restart. */
    @ParameterizedTest
    @ValueSource(
            classes = {
                SharedPoolsOnSqliteTestCases.class,
                SharedPoolsOnH2TestCases.class,
                FreshPoolsOnSqliteTestCases.class
            })
    void thePoolsGiveTheSameAllGreenSweepFiveTimes(Class<?> fixture) {
        assertThat(fiveRuns(fixture)).containsOnly(allPassing()).hasSize(5);
    }
}
