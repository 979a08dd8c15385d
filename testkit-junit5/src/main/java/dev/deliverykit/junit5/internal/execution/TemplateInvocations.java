package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.internal.planning.KitMethods;
import java.lang.annotation.Annotation;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * Turns a kit test template into its invocations, for the template extensions beside the annotations. The
 * template's cases ({@link TemplateCases}) are made once per template and kept in the template's store, under a
 * namespace of its method: the condition (is the template skipped under {@code deliverykit.replay}?) and the
 * provider read the same cases, and a configuration error is raised by the provider, as the template's failure.
 */
@API(status = INTERNAL, since = "0.1")
public final class TemplateInvocations {

    static final ConditionEvaluationResult ENABLED =
            ConditionEvaluationResult.enabled("no deliverykit.replay, or it selects a case here; a case in this shard");

    private TemplateInvocations() {}

    /** Whether the context's method carries the feature's annotation ({@code CrashAt}: also repeated). */
    public static boolean declares(ExtensionContext context, Class<? extends Annotation> feature) {
        return context.getTestMethod()
                .map(method -> KitMethods.declares(method, feature))
                .orElse(false);
    }

    /**
     * The invocations, lazily: a sweep's crash cases are computed only when JUnit asks for the invocation after
     * the recording, that is after the recording invocation has run.
     *
     * @throws RuntimeException the configuration error of the template, if it has one
     */
    public static Stream<TestTemplateInvocationContext> invocations(ExtensionContext context, TemplateKind kind) {
        return cases(context, kind).invocations(context);
    }

    /**
     * Skips the template (not its invocations) under {@code deliverykit.replay} when it cannot produce the
     * replayed case. A misconfigured template is enabled: its provider raises the error.
     */
    public static ConditionEvaluationResult replayCondition(ExtensionContext context, TemplateKind kind) {
        boolean templateItself = context.getTestMethod().isPresent()
                && context.getParent().flatMap(ExtensionContext::getTestMethod).isEmpty();
        if (!templateItself || !declares(context, kind.feature())) {
            return ConditionEvaluationResult.enabled("not a DeliveryKit test template");
        }
        return cases(context, kind).condition(context);
    }

    /** The template's store, under a namespace of its method. */
    static ExtensionContext.Store store(ExtensionContext template) {
        return template.getStore(
                ExtensionContext.Namespace.create(TemplateInvocations.class, template.getRequiredTestMethod()));
    }

    /** The template's cases, made by the first of condition and provider to ask. */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static TemplateCases cases(ExtensionContext template, TemplateKind kind) {
        return store(template)
                .getOrComputeIfAbsent(
                        TemplateCases.class, type -> TemplateChecks.cases(template, kind), TemplateCases.class);
    }
}
