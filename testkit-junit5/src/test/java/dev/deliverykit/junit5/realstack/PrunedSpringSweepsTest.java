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
 * points with the same invariant cells.
 */
class PrunedSpringSweepsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(
            classes = {
                SpringOutboxCrashTest.MarkFirstOnSqliteTestCases.class,
                SpringOutboxCrashTest.MarkFirstOnH2TestCases.class,
                SpringOutboxCrashTest.ForgivingOnSqliteTestCases.class
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
}
