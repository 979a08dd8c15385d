package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.config.JUnitVersionCheck;
import dev.deliverykit.junit5.internal.execution.TemplatePlanner;
import java.lang.annotation.Annotation;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * What the template extension of each feature ({@link CrashAtExtension}, {@link CrashSweepExtension},
 * {@link DeliverInOrderExtension}) does for the template its annotation is on: provides its invocations and
 * skips it when {@code deliverykit.replay} names a case it does not have; both first refuse a JUnit older than
 * the kit supports ({@link JUnitVersionCheck}), before anything calls a newer JUnit API. The plan, made once per
 * template, lives in the template's store ({@link TemplatePlanner}); an extension only says which annotation it
 * serves.
 */
interface KitTemplateExtension extends TestTemplateInvocationContextProvider, ExecutionCondition {

    /** The annotation of the feature. */
    Class<? extends Annotation> feature();

    @Override
    default boolean supportsTestTemplate(ExtensionContext context) {
        return TemplatePlanner.declares(context, feature()) && JUnitVersionCheck.require(context);
    }

    @Override
    default Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return TemplatePlanner.invocations(context);
    }

    /** Under {@code deliverykit.replay} a template may have no matching case; the condition then skips it. */
    @Override
    default boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return true;
    }

    @Override
    default ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return JUnitVersionCheck.supported(context)
                ? TemplatePlanner.replayCondition(context, feature())
                : JUnitVersionCheck.ENABLED_TO_FAIL;
    }
}
