package dev.deliverykit.junit5;

import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The extension behind {@link CrashAt} and {@link CrashAts}: one invocation per listed boundary and hit, all
 * checked before the first runs; skips the template when {@code deliverykit.replay} names a case it does not
 * have. Stateless: the plan lives in the template's store ({@link TemplatePlanner}).
 */
final class CrashAtExtension implements TestTemplateInvocationContextProvider, ExecutionCondition {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return TemplatePlanner.declares(context, CrashAt.class);
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
        return TemplatePlanner.replayCondition(context, CrashAt.class);
    }
}
