package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.junit5.internal.report.CaseOutcome;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/** Records each kit invocation's outcome in the report, and lets the dead process of its case go. */
final class CaseOutcomes implements TestWatcher {

    @Override
    public void testSuccessful(ExtensionContext context) {
        finish(context, CaseOutcome.PASSED, null);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        finish(context, CaseOutcome.FAILED, cause);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        finish(context, CaseOutcome.ABORTED, cause);
    }

    private static void finish(ExtensionContext context, CaseOutcome outcome, Throwable cause) {
        if (CaseRun.of(context).isPresent()) {
            BoundaryEngine.get().releaseDeadProcess(); // the case is over: its dead process's threads are let go
        }
        CrashReport.find(context).ifPresent(report -> report.finish(context, outcome, cause));
    }
}
