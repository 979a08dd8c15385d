package dev.deliverykit.junit5;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The extension behind {@link CrashSweep}: a crash-free recording invocation, then one crash invocation per
 * boundary hit it recorded (or only the replayed case); skips the template when {@code deliverykit.replay}
 * names a case it could not produce. Stateless: the plan lives in the template's store ({@link TemplatePlanner}).
 */
final class CrashSweepExtension implements TestTemplateInvocationContextProvider, ExecutionCondition {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return TemplatePlanner.declares(context, CrashSweep.class);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return TemplatePlanner.invocations(context);
    }

    /** Under {@code deliverykit.replay} a template may have no matching case; the condition then skips it. */
    @Override
    public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return true;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return TemplatePlanner.replayCondition(context, CrashSweep.class);
    }
}
