package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.fixtures.PrunedAndExhaustive.failed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.fixtures.PrunedAndExhaustive;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pruning under Spring's transactions over HikariCP pools, on SQLite and H2 files: each sweep of
 * {@link SpringOutboxCrashTest} runs pruned and exhaustively, and the broken relays are caught both ways, at the same
 * points with the same invariant cells; on pools shared by the run and its restart too, and a relay that delivers on
 * executor threads is not pruned at all.
 */
@RealStack
class PrunedSpringSweepsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            classes = {
                SpringOutboxCrashTest.MarkFirstOnSqliteTestCases.class,
                SpringOutboxCrashTest.MarkFirstOnH2TestCases.class
            })
    void aBrokenRelayIsCaughtPrunedWhereItIsCaughtExhaustively(Class<?> fixture) {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(fixture, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.pruned())).isNotEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }

    @ParameterizedTest
    @ValueSource(
            classes = {
                SpringOutboxCrashTest.CorrectOnSqliteTestCases.class,
                SpringOutboxCrashTest.CorrectOnH2TestCases.class
            })
    void theCorrectRelayPassesBothWays(Class<?> fixture) {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(fixture, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.exhaustive())).isEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }

    @ParameterizedTest
    @ValueSource(
            classes = {
                PoolSharingTest.SharedPoolsOnSqliteTestCases.class,
                PoolSharingTest.SharedPoolsOnH2TestCases.class
            })
    void theCorrectRelayOnPoolsSharedByRunAndRestartPassesBothWays(Class<?> fixture) {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(fixture, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.exhaustive())).isEmpty();
        assertThat(runs.pruned().size()).isLessThan(runs.exhaustive().size());
    }

    @ParameterizedTest
    @ValueSource(
            classes = {
                ExecutorDeliveryTest.OwnPoolSweepTestCases.class,
                ExecutorDeliveryTest.CommonPoolSweepTestCases.class
            })
    void aRelayThatDeliversOnExecutorThreadsIsNotPruned(Class<?> fixture) {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(fixture, dir);

        // JDBC calls on several threads: the order of the changes is not fixed, so every point is a class of its own.
        runs.assertPruningHidesNothing();
        assertThat(failed(runs.exhaustive())).isEmpty();
        assertThat(runs.pruned().keySet()).isEqualTo(runs.exhaustive().keySet());
    }
}
