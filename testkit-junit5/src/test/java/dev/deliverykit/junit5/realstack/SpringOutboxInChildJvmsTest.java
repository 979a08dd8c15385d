package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spring outbox sweeps of {@link SpringOutboxCrashTest} (DataSourceTransactionManager, TransactionTemplate,
 * JdbcTemplate, HikariCP pools, SQLite files), unchanged, as real process exits: the build's mode
 * ({@value DeliveryKitConfiguration#MODE} {@code = child_process}) makes every case a child JVM that reruns the
 * test up to its workload and dies there. The same cases pass and fail as in the test's JVM, but for the relay
 * that carries on after a failed send, which only an in-process crash can make look like one.
 */
@RealStack
class SpringOutboxInChildJvmsTest {

    @TempDir
    Path reports;

    private CrashTestResults inChildJvms(Class<?> fixture) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with(DeliveryKitConfiguration.MODE, "child_process")
                .run(fixture);
    }

    private static List<String> inAChild(List<String> cases) {
        return cases.stream().map(name -> name + " (child JVM)").toList();
    }

    @Test
    void theCorrectRelaySurvivesARealExitAtEveryWriteAndCommit() {
        CrashTestResults results = inChildJvms(SpringOutboxCrashTest.CorrectOnSqliteTestCases.class);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(17);
        assertThat(results.startedCases())
                .containsExactlyElementsOf(inAChild(SpringOutboxCrashTest.DELIVER_FIRST_CASES));
    }

    @Test
    void theMarkFirstRelayIsCaughtAtTheSameCasesAsInTheTestJvm() {
        CrashTestResults results = inChildJvms(SpringOutboxCrashTest.MarkFirstOnSqliteTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(17)
                .hasNumberOfSucceededCases(11)
                .hasNumberOfFailedCases(6);
        assertThat(results.failedCases())
                .containsExactlyElementsOf(inAChild(SpringOutboxCrashTest.MARK_FIRST_FAILURES));
    }

    @Test
    void theRelayThatCarriesOnAfterAFailedSendPassesAsARealExitWhereNothingCarriesOn() {
        CrashTestResults results = inChildJvms(SpringOutboxCrashTest.ForgivingOnSqliteTestCases.class);

        assertThat(results).hasNumberOfStartedCases(17).hasNumberOfSucceededCases(17);
        // as real process exits, not in this JVM, where the same cases fail (SpringOutboxCrashTest)
        assertThat(results.startedCases())
                .containsExactlyElementsOf(inAChild(SpringOutboxCrashTest.DELIVER_FIRST_CASES));
    }
}
