package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.fixtures.PrunedAndExhaustive.failed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.fixtures.PrunedAndExhaustive;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pruning never hides a failure: each default sweep over the reference implementation's variants runs pruned and
 * exhaustively, and the broken ones are caught both ways, at the same points with the same invariant cells; every
 * point a pruned case stands for ended as that case did in the exhaustive run.
 */
class PruningTests {

    @TempDir
    Path dir;

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of(PruningTestCases.MarkFirstTestCases.class, true),
                Arguments.of(PruningTestCases.WithoutDedupTestCases.class, true),
                Arguments.of(PruningTestCases.AtomicReceiptTestCases.class, false),
                Arguments.of(PruningTestCases.UnsafeDualWriteTestCases.class, true),
                Arguments.of(PruningTestCases.SafeProducerTestCases.class, false),
                Arguments.of(PruningTestCases.ReceiptDeletingCleanupTestCases.class, true),
                Arguments.of(PruningTestCases.SealingCleanupTestCases.class, false));
    }

    @ParameterizedTest
    @MethodSource("variants")
    void eachVariantIsCaughtPrunedExactlyWhereItIsCaughtExhaustively(Class<?> fixture, boolean broken) {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(fixture, dir);

        runs.assertPruningHidesNothing();
        assertThat(failed(runs.pruned()).isEmpty()).as("no pruned case failed").isEqualTo(!broken);
        assertThat(failed(runs.exhaustive()).isEmpty())
                .as("no exhaustive case failed")
                .isEqualTo(!broken);
        assertThat(runs.pruned().size())
                .as("pruned cases")
                .isLessThan(runs.exhaustive().size());
    }

    @Test
    void theMarkFirstWarehouseIsCaughtByFewerCasesThatStandForAllSixFailingPoints() {
        PrunedAndExhaustive runs = PrunedAndExhaustive.run(PruningTestCases.MarkFirstTestCases.class, dir);

        // In this JVM points are equivalent only on the same call path too (a crash there is an exception).
        assertThat(runs.counts()).containsExactly("IN_PROCESS 56 points, 36 classes, 36 cases, 20 pruned");
        List<String> failedExhaustively = failed(runs.exhaustive());
        assertThat(failedExhaustively)
                .containsExactly(
                        "after commit #1 in TransactionalOutbox.markDone (via Sql.inWriteTransaction)",
                        "before statement \"BEGIN IMMEDIATE\" #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "after statement \"BEGIN IMMEDIATE\" #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)",
                        "before statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                        "after statement \"INSERT INTO effect(tenant, intent_id, parameters…\" #1 in EffectLog.insert",
                        "before commit #1 in WarehouseWithoutDedup.reserve (via Sql.inWriteTransaction)");
        List<String> standingFor = new ArrayList<>();
        failed(runs.pruned()).forEach(point -> {
            standingFor.add(point);
            standingFor.addAll(runs.pruned().get(point).equivalents());
        });
        assertThat(failed(runs.pruned())).hasSizeLessThan(failedExhaustively.size());
        assertThat(standingFor).containsExactlyElementsOf(failedExhaustively);
    }
}
