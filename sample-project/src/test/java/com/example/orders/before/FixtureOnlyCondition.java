package com.example.orders.before;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Enables {@link FixtureOnly} classes only when the configuration parameter {@value #KEY} is {@code true}. */
final class FixtureOnlyCondition implements ExecutionCondition {

    /** Set by the EngineTestKit tests that run a fixture; never in a normal test run. */
    static final String KEY = "sample.fixtures.enabled";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getConfigurationParameter(KEY).map(Boolean::parseBoolean).orElse(false)
                ? ConditionEvaluationResult.enabled("run through EngineTestKit with " + KEY + "=true")
                : ConditionEvaluationResult.disabled("a fixture that fails on purpose; it runs only through"
                        + " EngineTestKit, inside MarkFirstRelayIsCaughtTest (" + KEY + "=true)");
    }
}
