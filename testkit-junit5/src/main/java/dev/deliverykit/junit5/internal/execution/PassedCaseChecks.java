package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.rerun.RerunEnd;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Checks a kit invocation whose test method returned: its {@code @CheckInvariant} invariants, the engine's verdict the
 * test may have caught, and that it started its workload at all. In a child JVM that reruns a case, a test that
 * returns without calling {@code scenario.run(...)} ends the child there, saying why on stderr.
 */
final class PassedCaseChecks implements AfterTestExecutionCallback {

    /** Checks the {@code @CheckInvariant} invariants of a test that passed ({@link CaseInvariants} decides). */
    @Override
    public void afterTestExecution(ExtensionContext context) {
        Optional<CaseRun> found = CaseRun.of(context);
        if (found.isEmpty()) {
            return;
        }
        CaseRun run = found.get();
        if (run instanceof CrashRun crash && crash.inItsChild()) {
            RerunEnd.returnedBeforeWorkload(crash.crashCase().displayName());
        }
        Optional<Throwable> testFailure = context.getExecutionException();
        if (testFailure.isEmpty() && !run.ran()) {
            throw new AssertionError(run.neverRan());
        }
        if (testFailure.isEmpty() && run.verdict().isPresent()) {
            // The test caught the engine's verdict (BoundaryNotReachedError, ...): it still fails the case.
            Throwable verdict = FailureMessages.withCase(
                    run.verdict().get(), run.crashCase(), Optional.empty(), run.childOutputFile());
            run.invariants().check(testFailure).ifPresent(verdict::addSuppressed);
            if (verdict instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw verdict instanceof Error error ? error : new AssertionError(verdict);
        }
        run.invariants().check(testFailure).ifPresent(failure -> {
            throw failure;
        });
    }
}
