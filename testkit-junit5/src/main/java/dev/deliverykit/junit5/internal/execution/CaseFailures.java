package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.rerun.RerunEnd;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;

/**
 * Completes the failure of a kit invocation: checks the {@code @CheckInvariant} invariants and adds their failures
 * (unless the run itself failed, so that no recovery ran: then they are attached as suppressed), the case and its
 * replay key. In a child JVM that reruns a case, a test that fails before {@code scenario.run(...)} ends the child
 * there, saying why on stderr, before JUnit could clean up (its {@code @TempDir} directories are the test JVM's).
 */
final class CaseFailures implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        Optional<CaseRun> run = CaseRun.of(context);
        if (run.isPresent() && run.get() instanceof CrashRun crash && crash.inItsChild()) {
            RerunEnd.failedBeforeWorkload(crash.crashCase().displayName(), RerunCapture.class, throwable);
        }
        if (run.isEmpty()) {
            throw throwable;
        }
        // The invariants are checked here, not after the test, so that their failures join the test's at top level.
        Optional<AssertionFailedError> declared = run.get().invariants().check(Optional.of(throwable));
        if (run.get().verdict().isPresent()) {
            // The run itself failed (not reached, swallowed, ...), so no recovery ran: the invariants' verdicts
            // (in the report) would mislead in the message, and stay attached for the record.
            Throwable failure = FailureMessages.withCase(
                    throwable,
                    run.get().crashCase(),
                    Optional.empty(),
                    run.get().childOutputFile());
            declared.ifPresent(failure::addSuppressed);
            throw failure;
        }
        throw FailureMessages.withCase(
                throwable,
                run.get().crashCase(),
                run.get().timeline(),
                declared,
                run.get().childOutputFile());
    }
}
