package dev.deliverykit.junit5.testkit;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Enables {@link CrashTestKitOnly} classes only in a run of {@link CrashTestKit}, which sets {@value CrashTestKit#RUNNING}. */
final class CrashTestKitOnlyCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getConfigurationParameter(CrashTestKit.RUNNING).map(Boolean::parseBoolean).orElse(false)
                ? ConditionEvaluationResult.enabled("run by CrashTestKit")
                : ConditionEvaluationResult.disabled("a fixture that fails on purpose; it runs only through"
                        + " CrashTestKit, inside another test (" + CrashTestKit.RUNNING + "=true)");
    }
}
