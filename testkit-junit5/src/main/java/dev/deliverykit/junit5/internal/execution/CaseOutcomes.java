package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.report.CaseOutcome;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/** Records each kit invocation's outcome in the report. */
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
        CrashReport.find(context).ifPresent(report -> report.finish(context, outcome, cause));
    }
}
