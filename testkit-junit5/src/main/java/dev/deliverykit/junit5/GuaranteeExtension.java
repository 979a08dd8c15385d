package dev.deliverykit.junit5;

import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.invariant.Violation;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.execution.CrashReport;
import dev.deliverykit.junit5.internal.report.GuaranteeRow;
import dev.deliverykit.junit5.internal.report.ReportText;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * The extension behind {@link Guarantee}: skips a guarantee the test class declares {@link NotPromised}, saying so,
 * and records how each guarantee test went in the crash report (a plain test as one case, a template's invocations
 * as its cases). Stateless: the rows live in the run's {@link CrashReport}.
 */
final class GuaranteeExtension implements ExecutionCondition, TestWatcher {

    private static final String NOT_PROMISED = "not promised by ";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isEmpty()
                || context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent()) {
            return ConditionEvaluationResult.enabled(
                    "not a guarantee test"); // a template's invocation: its template decided
        }
        Guarantee guarantee = guarantee(method.get());
        return notPromised(context.getRequiredTestClass(), guarantee)
                .map(ConditionEvaluationResult::disabled)
                .orElseGet(() -> ConditionEvaluationResult.enabled(guarantee.id() + " is promised"));
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        row(context).ifPresent(GuaranteeRow::passed);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        row(context).ifPresent(row -> row.failed(finding(context, cause, guarantee(context.getRequiredTestMethod()))));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        row(context).ifPresent(row -> row.aborted(cause == null ? "aborted" : ReportText.firstLine(describe(cause))));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        row(context).ifPresent(row -> {
            String why = reason.orElse("disabled");
            row.skipped(
                    why.startsWith(NOT_PROMISED) ? GuaranteeRow.Verdict.NOT_PROMISED : GuaranteeRow.Verdict.SKIPPED,
                    why);
        });
    }

    /**
     * Why {@code guarantee} is not promised by {@code testClass}, if it declares so; checks every id its
     * {@link NotPromised} names against the class's guarantee tests.
     */
    private static Optional<String> notPromised(Class<?> testClass, Guarantee guarantee) {
        Optional<NotPromised> declared = AnnotationSupport.findAnnotation(testClass, NotPromised.class);
        if (declared.isEmpty()) {
            return Optional.empty();
        }
        NotPromised notPromised = declared.get();
        if (notPromised.because().isBlank()) {
            throw new ExtensionConfigurationException(
                    GuaranteeMessages.noReason(testClass, Arrays.toString(notPromised.value()))
                            .sentences());
        }
        Set<String> known = guaranteeIds(testClass);
        List<String> unknown = Arrays.stream(notPromised.value())
                .filter(id -> !known.contains(id))
                .toList();
        if (!unknown.isEmpty()) {
            throw new ExtensionConfigurationException(
                    GuaranteeMessages.unknownIds(testClass, unknown, known).sentences());
        }
        return Arrays.asList(notPromised.value()).contains(guarantee.id())
                ? Optional.of(NOT_PROMISED + testClass.getSimpleName() + " (@NotPromised): " + guarantee.id() + " ("
                        + guarantee.name() + "): " + notPromised.because())
                : Optional.empty();
    }

    private static Set<String> guaranteeIds(Class<?> testClass) {
        return ReflectionSupport.findMethods(
                        testClass,
                        candidate -> AnnotationSupport.isAnnotated(candidate, Guarantee.class),
                        HierarchyTraversalMode.TOP_DOWN)
                .stream()
                .map(candidate -> guarantee(candidate).id())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Guarantee guarantee(Method method) {
        return AnnotationSupport.findAnnotation(method, Guarantee.class).orElseThrow();
    }

    /** The row of the guarantee test this context (a test, a template, or a template's invocation) belongs to. */
    private static Optional<GuaranteeRow> row(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isEmpty() || !AnnotationSupport.isAnnotated(method.get(), Guarantee.class)) {
            return Optional.empty();
        }
        ExtensionContext test = context.getParent()
                .filter(parent -> parent.getTestMethod().isPresent())
                .orElse(context);
        return Optional.of(CrashReport.of(context, KitSettings.read(context)).guarantee(test, guarantee(method.get())));
    }

    /**
     * What a failed case found: a kit case's first violated invariant (which key, what was found), else the first line
     * of its failure without the guarantee's name; a template's case is named first, without its index.
     */
    private static String finding(ExtensionContext context, Throwable cause, Guarantee guarantee) {
        Optional<String> violation = CrashReport.find(context)
                .flatMap(report -> report.entry(context.getUniqueId()))
                .flatMap(entry -> entry.invariants().values().stream()
                        .filter(result -> result.verdict() == Verdict.VIOLATED)
                        .findFirst())
                .map(GuaranteeExtension::firstViolation);
        String line = violation.orElseGet(() -> {
            String first = ReportText.firstLine(describe(cause));
            return first.startsWith(guarantee.name() + ": ")
                    ? first.substring(guarantee.name().length() + 2)
                    : first;
        });
        return context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent()
                ? "at " + context.getDisplayName().replaceFirst("^\\[\\d+\\] ", "") + ": " + line
                : line;
    }

    private static String firstViolation(InvariantResult result) {
        Violation first = result.violations().get(0);
        return first.kind().label() + " " + first.subject() + ": found " + first.found() + ", expected "
                + first.expected();
    }

    private static String describe(Throwable cause) {
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }
}
