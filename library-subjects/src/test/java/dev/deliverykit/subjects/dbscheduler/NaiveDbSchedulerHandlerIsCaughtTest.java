package dev.deliverykit.subjects.dbscheduler;

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
import dev.deliverykit.subjects.dbscheduler.SchedulerShop.Runner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A handler that ships blindly: db-scheduler removes an execution after its handler's transaction has committed, so
 * a death between the two leaves the shipment made and the execution picked; the recovery revives it and ships the
 * order again. The sweeps of {@link DbSchedulerOutboxCrashTest} catch exactly the cases in that window, on the
 * calling thread and on the scheduler's threads, in the test's JVM and as real process exits.
 */
class NaiveDbSchedulerHandlerIsCaughtTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class NaiveOnTheCallingThreadTestCases extends SchedulerSweep {
        NaiveOnTheCallingThreadTestCases() {
            super(Shipping.NAIVE);
        }

        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SchedulerShop.EXECUTION_WRITES,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void anOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover(scenario, Runner.BLOCKING);
        }
    }

    @CrashTestKitOnly
    static class NaiveOnTheSchedulersThreadsTestCases extends SchedulerSweep {
        NaiveOnTheSchedulersThreadsTestCases() {
            super(Shipping.NAIVE);
        }

        @CrashSweep(
                kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
                sql = SchedulerShop.EXECUTION_WRITES,
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void anOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
            placeCrashAndRecover(scenario, Runner.ASYNCHRONOUS);
        }
    }

    static final String SAVE = " in SchedulerShop.save (via TransactionOperations.executeWithoutResult)";
    static final String PICK = " statement \"update scheduled_tasks set picked = ?, picked_by\u2026\" #1 in"
            + " PreparedStatementExecutor$1.execute";
    static final String SHIP = " in SchedulerShop.runExecution"
            + " (via Shipping.shipInTransaction, TransactionOperations.executeWithoutResult)";
    static final String REMOVE = " statement \"delete from scheduled_tasks where task_name = ? \u2026\" #1 in"
            + " PreparedStatementExecutor$1.execute";

    /** Every point of the sweep, in the order of the recording: the order's commit, pick, handler, removal. */
    static final List<String> IN_PROCESS = List.of(
            "[1] record boundaries (crash-free run)",
            "[2] crash before commit #1" + SAVE,
            "[3] crash after commit #1" + SAVE,
            "[4] crash before" + PICK,
            "[5] crash after" + PICK,
            "[6] crash before commit #1" + SHIP,
            "[7] crash after commit #1" + SHIP,
            "[8] crash before" + REMOVE,
            "[9] crash after" + REMOVE);

    @Test
    void onTheCallingThreadTheNaiveHandlerShipsTwiceWhenTheProcessDiesBetweenItsCommitAndTheRemoval() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveOnTheCallingThreadTestCases.class);

        // as real process exits, the points with nothing committed between them are crashed once
        // (one thread: before the pick stands for the order's commit, the handler's for its statements)
        assertThat(results.startedCases())
                .containsExactlyElementsOf(concat(
                        IN_PROCESS,
                        List.of(
                                "[10] record boundaries (crash-free run) (child JVM)",
                                "[11] crash before commit #1" + SAVE + " (child JVM)",
                                "[12] crash after commit #1" + SAVE + " (child JVM)",
                                "[13] crash after" + PICK + " (child JVM)",
                                "[14] crash after commit #1" + SHIP + " (child JVM)",
                                "[15] crash after" + REMOVE + " (child JVM)")));
        assertThat(results.failedCases())
                .containsExactly(
                        IN_PROCESS.get(6), IN_PROCESS.get(7), "[14] crash after commit #1" + SHIP + " (child JVM)");
        assertThat(results).hasNumberOfStartedCases(15).hasNumberOfSucceededCases(12);
        assertThat(results.equivalentsOf("[14] crash after commit #1" + SHIP + " (child JVM)"))
                .isNotEmpty();
    }

    @Test
    void onTheSchedulersThreadsTheNaiveHandlerShipsTwiceWhenTheProcessDiesBetweenItsCommitAndTheRemoval() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveOnTheSchedulersThreadsTestCases.class);

        // commits on two threads (the order's, the scheduler's): every point is crashed, in both modes
        List<String> inChildJvms = IN_PROCESS.stream()
                .map(name -> name.replaceFirst("^\\[(\\d+)\\]", "") + " (child JVM)")
                .toList();
        List<String> all = concat(IN_PROCESS, renumbered(inChildJvms, IN_PROCESS.size() + 1));
        assertThat(results.startedCases()).containsExactlyElementsOf(all);
        assertThat(results.failedCases()).containsExactly(all.get(6), all.get(7), all.get(15), all.get(16));
        assertThat(results).hasNumberOfStartedCases(18).hasNumberOfSucceededCases(14);
        assertThat(results)
                .hasFailedCase(all.get(6))
                .withMessage(declared(
                                1,
                                3,
                                "crash after commit #1 in SchedulerShop.runExecution (via Shipping.shipInTransaction,"
                                        + " TransactionOperations.executeWithoutResult) and recovery:")
                        + "\n" + """
                        [SchedulerSweep.shippedExactlyOnce] every order shipped exactly once: violated \
                        (checked 1 intent key, 2 effect rows)
                          duplicate effect: 1 key
                            o-1: found 2 effects, expected exactly 1

                        DeliveryKit case: crash after commit #1 in SchedulerShop.runExecution \
                        (via Shipping.shipInTransaction, TransactionOperations.executeWithoutResult) (in process)
                        Replay only this case: -Ddeliverykit.replay='selector=after-commit;within=\
                        dev.deliverykit.subjects.dbscheduler.SchedulerShop#runExecution;hit=1;mode=in-process'""");
    }

    private static List<String> renumbered(List<String> names, int first) {
        return IntStream.range(0, names.size())
                .mapToObj(i -> "[" + (first + i) + "]" + names.get(i))
                .toList();
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
