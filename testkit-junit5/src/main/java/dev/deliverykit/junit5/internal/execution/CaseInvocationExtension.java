package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import dev.deliverykit.junit5.internal.report.CaseOutcome;
import dev.deliverykit.junit5.internal.rerun.RerunEnd;
import dev.deliverykit.junit5.internal.rerun.RerunInvocation;
import dev.deliverykit.junit5.internal.rerun.RerunJvmPool;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Serves one invocation of a kit template, registered by its {@link CrashInvocation} (as JUnit's
 * parameterized invocations register their parameter resolver). Stateless: the invocation's {@link CaseRun}
 * lives in its store.
 *
 * <ul>
 *   <li>invocation interceptor: takes what a child JVM needs to rerun the invocation ({@link RerunInvocation});</li>
 *   <li>before test execution: reads the {@code @CheckInvariant} fields, refusing a {@code null};</li>
 *   <li>exception handler: checks the {@code @CheckInvariant} invariants and adds their failures (unless the
 *       run itself failed, so that no recovery ran: then they are attached as suppressed), the case and its
 *       replay key to every failure;</li>
 *   <li>after test execution: checks the {@code @CheckInvariant} invariants of a test that passed, and fails a
 *       test that never started its workload;</li>
 *   <li>watcher: records each invocation's outcome in the report.</li>
 * </ul>
 *
 * <p>In a child JVM that reruns a case, the test must not get past {@code scenario.run(...)}, which halts the JVM: a
 * test that fails or returns before it ends the child there, saying why on stderr, before JUnit could clean up
 * (its {@code @TempDir} directories are the test JVM's).
 */
final class CaseInvocationExtension
        implements InvocationInterceptor,
                BeforeTestExecutionCallback,
                TestExecutionExceptionHandler,
                AfterTestExecutionCallback,
                TestWatcher {

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        Optional<CaseRun> run = CaseRun.of(extensionContext);
        if (run.isPresent()
                && run.get() instanceof CrashRun crash
                && crash.crashCase().mode() == CrashMode.CHILD_PROCESS) {
            crash.invoked(
                    RerunInvocation.of(
                            extensionContext, invocationContext.getExecutable(), invocationContext.getArguments()),
                    RerunJvmPool.of(extensionContext, crash.settings()));
        }
        invocation.proceed();
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        CaseRun.of(context).ifPresent(run -> run.declare(DeclaredInvariants.read(context)));
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        Optional<CaseRun> run = CaseRun.of(context);
        if (run.isPresent() && run.get() instanceof CrashRun crash && crash.inItsChild()) {
            RerunEnd.failedBeforeWorkload(crash.crashCase().displayName(), CaseInvocationExtension.class, throwable);
        }
        if (run.isEmpty()) {
            throw throwable;
        }
        // The invariants are checked here, not after the test, so that their failures join the test's at top level.
        Optional<AssertionFailedError> declared = throwable instanceof TestAbortedException
                ? Optional.empty()
                : run.get().checkDeclared();
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
                throwable, run.get().crashCase(), declared, run.get().childOutputFile());
    }

    /**
     * Checks the {@code @CheckInvariant} invariants of a test that passed (a failed test's were checked by the
     * exception handler, into its failure; an aborted test's are not checked).
     */
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
            run.checkDeclared().ifPresent(verdict::addSuppressed);
            if (verdict instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw verdict instanceof Error error ? error : new AssertionError(verdict);
        }
        if (testFailure.isEmpty() || !(testFailure.get() instanceof TestAbortedException)) {
            run.checkDeclared().ifPresent(failure -> {
                throw failure;
            });
        }
    }

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
