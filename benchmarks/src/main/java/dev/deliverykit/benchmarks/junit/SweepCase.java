package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * B6 through the kit's JUnit face: {@code @CrashSweep} over the ten boundaries of protocols.md section 2,
 * as a user would write it. The sweep runs the workload once without a crash (its recording run), then
 * once per boundary: fresh {@code @TempDir}, workload to the crash, {@link CrashScenario#restart} for the
 * recovery and the invariant check of the table.
 */
@BoundaryCatalogueSource(ReferenceCatalogue.class)
public class SweepCase {

    /**
     * The crash cases the sweep must produce (the recording run is not one): one per recorded hit of the ten
     * boundaries, and {@code apply.after-commit} is hit twice, because the workload's drain calls
     * {@code apply} a second time, which finds nothing and returns.
     */
    public static final int CASES = 11;

    @CrashSweep(
            kinds = SweepKind.CATALOGUE,
            boundaries = {
                ReferenceBoundaries.PRODUCER_AFTER_FLOW_UPDATE,
                ReferenceBoundaries.PRODUCER_AFTER_OUTBOX_INSERT,
                ReferenceBoundaries.PRODUCER_AFTER_COMMIT,
                ReferenceBoundaries.CONSUMER_AFTER_INBOX_INSERT,
                ReferenceBoundaries.CONSUMER_AFTER_RECEIVE_COMMIT,
                ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE,
                ReferenceBoundaries.RELAY_AFTER_ACCEPTED_COMMIT,
                ReferenceBoundaries.APPLY_AFTER_PROJECTION_UPDATE,
                ReferenceBoundaries.APPLY_AFTER_APPLIED_MARK,
                ReferenceBoundaries.APPLY_AFTER_COMMIT
            })
    void sweep(CrashScenario scenario, @TempDir Path dir) throws Exception {
        scenario.run(() -> CrashCase.workload(dir));
        scenario.restart(() -> CrashCase.recoverAndCheck(dir));
    }
}
