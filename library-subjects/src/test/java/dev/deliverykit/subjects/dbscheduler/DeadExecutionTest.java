package dev.deliverykit.subjects.dbscheduler;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * db-scheduler with two instances on one database and the kit's clock: an instance that stops past the dead-execution
 * limit (a handler that takes that long, or a stall) has its execution revived and run by the other, and then carries
 * on: a blind handler ships twice, the idempotent one once. db-scheduler itself throws in the instance stopped between
 * its pick and its read of the picked execution.
 */
class DeadExecutionTest {

    static final String GONE = "java.lang.IllegalStateException: Unable to find picked execution. Must have been"
            + " deleted by another thread. Indicates a bug.";

    @TempDir
    Path reports;

    @Test
    void handlersThatEndInTimeShipOnce() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(DeadExecutionTestCases.NaiveInTime.class);

        assertThat(results)
                .hasNumberOfStartedCases(15)
                .hasNumberOfFailedCases(0)
                .hasNumberOfFailedContainers(0);
    }

    @Test
    void aHandlerPastTheLimitHasItsExecutionRevivedAndTheBlindOneShipsTwice() {
        CrashTestResults naive = CrashTestKit.reportingTo(reports).run(DeadExecutionTestCases.NaivePastTheLimit.class);
        CrashTestResults idempotent =
                CrashTestKit.reportingTo(reports).run(DeadExecutionTestCases.IdempotentPastTheLimit.class);

        assertThat(naive).hasNumberOfStartedCases(15).hasNumberOfFailedContainers(0);
        assertThat(naive.failedCases())
                .hasSize(3)
                .allSatisfy(name -> assertThat(name)
                        .startsWith("[")
                        .contains("schedule scheduler-a to before ")
                        .endsWith(", scheduler-b to the end," + " scheduler-a to the end"));
        assertThat(assertThat(naive)
                        .hasFailedCase(naive.failedCases().get(0))
                        .failure()
                        .getMessage())
                .contains("    o-1: found 2 effects, expected exactly 1");
        assertThat(idempotent).hasNumberOfStartedCases(17).hasNumberOfFailedCases(0);
    }

    @Test
    void aStallPastTheLimitShipsTwiceWithTheBlindHandlerAndOnceWithTheIdempotentOne() {
        CrashTestResults naive = CrashTestKit.reportingTo(reports).run(DeadExecutionTestCases.NaiveStalled.class);
        CrashTestResults idempotent =
                CrashTestKit.reportingTo(reports).run(DeadExecutionTestCases.IdempotentStalled.class);

        // each instance stalled from its pick to its removal: 8 of its points
        assertThat(naive).hasNumberOfStartedCases(30).hasNumberOfFailedCases(16).hasNumberOfFailedContainers(0);
        assertThat(numbers(naive.failedCases()))
                .containsExactly(8, 9, 10, 11, 12, 13, 14, 15, 22, 23, 24, 25, 26, 27, 28, 29);
        assertThat(assertThat(naive)
                        .hasFailedCase(naive.failedCases().get(2))
                        .failure()
                        .getMessage())
                .contains("    o-1: found 2 effects, expected exactly 1");
        // the idempotent handler ships once; only db-scheduler's own check throws, in the stalled instance
        assertThat(idempotent).hasNumberOfStartedCases(34).hasNumberOfFailedCases(4);
        assertThat(numbers(idempotent.failedCases())).containsExactly(8, 9, 24, 25);
        assertThat(idempotent.failedCases())
                .allSatisfy(name -> assertThat(assertThat(idempotent)
                                .hasFailedCase(name)
                                .failure()
                                .getMessage())
                        .contains(" threw " + GONE));
    }

    private static List<Integer> numbers(List<String> cases) {
        return cases.stream()
                .map(name -> Integer.valueOf(name.substring(1, name.indexOf(']'))))
                .toList();
    }
}
