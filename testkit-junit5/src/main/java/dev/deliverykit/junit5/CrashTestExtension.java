package dev.deliverykit.junit5;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.internal.junit5.CaseOutcome;
import dev.deliverykit.internal.junit5.CrashCase;
import dev.deliverykit.internal.junit5.CrashReport;
import dev.deliverykit.internal.junit5.DeclaredInvariants;
import dev.deliverykit.internal.junit5.FailureMessages;
import dev.deliverykit.internal.junit5.ScenarioRun;
import dev.deliverykit.internal.junit5.TemplatePlanner;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

/**
 * The extension behind {@link CrashAt}, {@link CrashAts}, {@link CrashSweep}, {@link DeliverInOrder} and
 * {@link CheckInvariant}. Stateless: the template's sweep state, each invocation's {@link ScenarioRun} and
 * the run's report live in {@code ExtensionContext.Store}s under this class's namespace.
 *
 * <ul>
 *   <li>before all: refuses {@code @CheckInvariant} fields in a class without a kit test;</li>
 *   <li>provider: checks everything and yields one invocation per case (lazily, for sweeps);</li>
 *   <li>condition: skips a template that cannot produce the case {@code deliverykit.replay} names;</li>
 *   <li>parameter resolver: the invocation's {@link CrashScenario} or {@link DeliveryScenario};</li>
 *   <li>before test execution: reads the {@code @CheckInvariant} fields, refusing a {@code null};</li>
 *   <li>exception handler: adds the case and its replay key to every failure;</li>
 *   <li>after test execution: checks the {@code @CheckInvariant} invariants, and fails a test that never
 *       called {@code scenario.run(...)};</li>
 *   <li>watcher: records each invocation's outcome in the report.</li>
 * </ul>
 */
final class CrashTestExtension implements BeforeAllCallback, TestTemplateInvocationContextProvider,
        ExecutionCondition, ParameterResolver, BeforeTestExecutionCallback, TestExecutionExceptionHandler,
        AfterTestExecutionCallback, TestWatcher {

    private static ExtensionContext.Namespace namespace() {
        return ExtensionContext.Namespace.create(CrashTestExtension.class);
    }

    private static Optional<ScenarioRun> scenarioRun(ExtensionContext context) {
        return Optional.ofNullable(context.getStore(namespace()).get(ScenarioRun.class, ScenarioRun.class));
    }

    // ---- the test class ---------------------------------------------------------------------------

    /** Registered on a class through a {@code @CheckInvariant} field (or {@code @ExtendWith}). */
    @Override
    public void beforeAll(ExtensionContext context) {
        DeclaredInvariants.requireKitTestFor(context.getRequiredTestClass());
    }

    // ---- invocations ------------------------------------------------------------------------------

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return TemplatePlanner.isKitTemplate(context);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return TemplatePlanner.invocations(context, namespace());
    }

    /** Under {@code deliverykit.replay} a template may have no matching case; the condition then skips it. */
    @Override
    public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return true;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean templateItself = context.getTestMethod().isPresent()
                && context.getParent().flatMap(ExtensionContext::getTestMethod).isEmpty();
        if (!templateItself || !TemplatePlanner.isKitTemplate(context)) {
            return ConditionEvaluationResult.enabled("not a DeliveryKit test template");
        }
        Optional<String> skipped;
        try {
            skipped = TemplatePlanner.skippedByReplay(context);
        } catch (RuntimeException misconfigured) {
            // The provider raises the same configuration error, as the template's own failure.
            return ConditionEvaluationResult.enabled("the configuration error is reported by the template itself");
        }
        return skipped.map(ConditionEvaluationResult::disabled)
                .orElseGet(() -> ConditionEvaluationResult.enabled("no deliverykit.replay, or it selects a case here"));
    }

    // ---- one invocation ---------------------------------------------------------------------------

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Optional<ScenarioRun> run = scenarioRun(extensionContext);
        Class<?> type = parameterContext.getParameter().getType();
        return run.isPresent() && type.equals(isOrderCase(run.get()) ? DeliveryScenario.class : CrashScenario.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        ScenarioRun run = scenarioRun(extensionContext).orElseThrow();
        return isOrderCase(run) ? new DeliveryScenario(run) : new CrashScenario(run);
    }

    private static boolean isOrderCase(ScenarioRun run) {
        return run.crashCase().kind() == CrashCase.Kind.ORDER;
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        scenarioRun(context).ifPresent(run -> run.declare(DeclaredInvariants.read(context)));
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        Optional<ScenarioRun> run = scenarioRun(context);
        throw run.isPresent() ? FailureMessages.withCase(throwable, run.get().crashCase()) : throwable;
    }

    /**
     * Checks the {@code @CheckInvariant} invariants (unless the test aborted). A failure thrown here while the
     * test already failed becomes a suppressed exception of the test's failure, which stays first.
     */
    @Override
    public void afterTestExecution(ExtensionContext context) {
        Optional<ScenarioRun> found = scenarioRun(context);
        if (found.isEmpty()) {
            return;
        }
        ScenarioRun run = found.get();
        Optional<Throwable> testFailure = context.getExecutionException();
        if (testFailure.isEmpty() && !run.ran()) {
            throw new AssertionError(neverRan(run));
        }
        if (testFailure.isEmpty() && run.verdict().isPresent()) {
            // The test caught the engine's verdict (BoundaryNotReachedError, ...): it still fails the case.
            Throwable verdict = FailureMessages.withCase(run.verdict().get(), run.crashCase());
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

    private static String neverRan(ScenarioRun run) {
        String caseName = run.crashCase().displayName();
        if (isOrderCase(run)) {
            return "The test never called scenario.deliver(...), so " + caseName + " delivered nothing and the test"
                    + " asserted nothing about an order.\nFix: run the workload that sends the messages with"
                    + " scenario.deliver(() -> ...).\n\n" + FailureMessages.block(run.crashCase());
        }
        return "The test never called scenario.run(...), so " + caseName + " crashed nothing and the test asserted"
                + " nothing about a crash.\nFix: run the workload with scenario.run(() -> ...) or"
                + " scenario.run(YourProcessWorkload.class, args...), then recover with scenario.restart(() -> ...).\n\n"
                + FailureMessages.block(run.crashCase());
    }

    // ---- outcomes for the report ------------------------------------------------------------------

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
        if (scenarioRun(context).isPresent()) {
            BoundaryEngine.get().releaseDeadProcess(); // the case is over: its dead process's threads are let go
        }
        CrashReport.find(context, namespace()).ifPresent(report -> report.finish(context.getUniqueId(), outcome, cause));
    }
}
