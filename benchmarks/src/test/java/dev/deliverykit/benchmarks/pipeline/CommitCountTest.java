package dev.deliverykit.benchmarks.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.WatchList;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * B1's floor must make exactly the commits one crash case makes: counted here by the engine itself, on
 * the case (up to the crash, then recovery and check) and on the raw baseline.
 */
class CommitCountTest {

    private static final WatchList COMMITS = WatchList.of().withEveryTransactionEnd();

    @TempDir
    Path dir;

    @Test
    void theRawBaselineMakesAsManyCommitsAsTheCrashCase() {
        Path caseDir = dir.resolve("case");
        caseDir.toFile().mkdirs();
        CrashResult crash = BoundaryEngine.get()
                .crashInProcess(
                        CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.APPLY_AFTER_COMMIT)
                                .watching(COMMITS),
                        () -> CrashCase.workload(caseDir));
        int untilCrash = commits(crash.hits());
        int recovery = commits(BoundaryEngine.get()
                .record(COMMITS, () -> CrashCase.recoverAndCheck(caseDir))
                .hits());

        Path rawDir = dir.resolve("raw");
        rawDir.toFile().mkdirs();
        int raw = commits(BoundaryEngine.get()
                .record(COMMITS, () -> RawCommits.sameCommitsAsTheCrashCase(rawDir))
                .hits());

        assertThat(untilCrash).as("commits before the crash").isEqualTo(7);
        assertThat(recovery).as("commits of recovery and check").isEqualTo(5);
        assertThat(untilCrash + recovery).isEqualTo(RawCommits.CRASH_CASE_COMMITS);
        assertThat(raw).isEqualTo(RawCommits.CRASH_CASE_COMMITS);
    }

    @Test
    void everyOneOfTheTenBoundariesCrashesAndRecoversToOneEffect() {
        for (String boundary : OrderedBoundaries.TEN) {
            Path caseDir = dir.resolve(boundary);
            caseDir.toFile().mkdirs();
            CrashResult crash = CrashCase.crashRecoverAndCheck(caseDir, boundary);
            assertThat(crash.crashSite().boundary().name()).isEqualTo(boundary);
        }
    }

    private static int commits(List<BoundaryHit> hits) {
        return (int) hits.stream()
                .filter(hit -> hit.boundary().selector().equals(Selector.afterCommit()))
                .count();
    }
}
