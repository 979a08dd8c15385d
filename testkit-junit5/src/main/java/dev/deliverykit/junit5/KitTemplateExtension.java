package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.config.JUnitVersionCheck;
import dev.deliverykit.junit5.internal.execution.TemplateInvocations;
import dev.deliverykit.junit5.internal.execution.TemplateKind;
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
 * the kit supports ({@link JUnitVersionCheck}), before anything calls a newer JUnit API. The cases, made once per
 * template, live in the template's store ({@link TemplateInvocations}); an extension only says which annotation it
 * serves and which scenario its tests take.
 */
interface KitTemplateExtension extends TestTemplateInvocationContextProvider, ExecutionCondition {

    /** The annotation of the feature, and the scenario its tests take. */
    TemplateKind kind();

    @Override
    default boolean supportsTestTemplate(ExtensionContext context) {
        return TemplateInvocations.declares(context, kind().feature()) && JUnitVersionCheck.require(context);
    }

    @Override
    default Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return TemplateInvocations.invocations(context, kind());
    }

    /** Under {@code deliverykit.replay} a template may have no matching case; the condition then skips it. */
    @Override
    default boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return true;
    }

    @Override
    default ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return JUnitVersionCheck.supported(context)
                ? TemplateInvocations.replayCondition(context, kind())
                : JUnitVersionCheck.ENABLED_TO_FAIL;
    }
}
