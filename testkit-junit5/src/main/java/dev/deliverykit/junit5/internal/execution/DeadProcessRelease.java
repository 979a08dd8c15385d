package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.boundary.BoundaryEngine;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Lets the dead process of a kit invocation's case go once the case is over, after its {@code @AfterEach} methods
 * ({@link BoundaryEngine#releaseDeadProcess}). A callback, not a {@code TestWatcher}: a watcher's exception is only
 * logged by JUnit, so a release that failed would leave a green case and later cases running beside a dead process.
 */
final class DeadProcessRelease implements AfterEachCallback {

    @Override
    public void afterEach(ExtensionContext context) {
        Optional<CaseRun> run = CaseRun.of(context);
        if (run.isEmpty()) {
            return;
        }
        try {
            BoundaryEngine.get().releaseDeadProcess();
        } catch (RuntimeException failed) {
            throw new IllegalStateException(
                    ScenarioMessages.deadProcessNotReleased(
                                    run.get().crashCase().displayName(), failed)
                            .sentences(),
                    failed);
        }
    }
}
