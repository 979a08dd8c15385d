package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.Catalogues;
import dev.deliverykit.junit5.internal.planning.CrashAtCases;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.planning.OrderCases;
import dev.deliverykit.junit5.internal.planning.Sweep;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Makes a kit template's cases, checking everything that can be checked before the first invocation instruments
 * anything: settings, annotation elements, catalogues, the scenario parameter, {@code @CheckInvariant} field types
 * and static values, parallel execution. A check that fails makes the template {@link TemplateCases.Misconfigured}.
 */
final class TemplateChecks {

    private TemplateChecks() {}

    /** The template's cases, or the configuration error that fails it. */
    static TemplateCases cases(ExtensionContext context, TemplateKind kind) {
        try {
            return made(context, kind);
        } catch (RuntimeException misconfigured) {
            return new TemplateCases.Misconfigured(misconfigured);
        }
    }

    private static TemplateCases made(ExtensionContext context, TemplateKind kind) {
        Method method = context.getRequiredTestMethod();
        Optional<ScheduleSweep> schedules = AnnotationSupport.findAnnotation(method, ScheduleSweep.class);
        if (schedules.isPresent()) {
            return ScheduleTemplateCases.of(context, method, schedules.get(), kind);
        }
        List<CrashAt> crashAts = AnnotationSupport.findRepeatableAnnotations(method, CrashAt.class);
        Optional<CrashSweep> sweep = AnnotationSupport.findAnnotation(method, CrashSweep.class);
        Optional<DeliverInOrder> order = AnnotationSupport.findAnnotation(method, DeliverInOrder.class);
        if (!crashAts.isEmpty() && sweep.isPresent()) {
            throw ConfigurationErrors.of(
                    "@CrashAt with @CrashSweep",
                    method,
                    "a test is either a list of chosen" + " boundaries or a sweep over all of them",
                    "keep one of the two annotations, or split the test");
        }
        if (order.isPresent() && (!crashAts.isEmpty() || sweep.isPresent())) {
            throw ConfigurationErrors.of(
                    "@DeliverInOrder with " + (sweep.isPresent() ? "@CrashSweep" : "@CrashAt"),
                    method,
                    "crashing inside a forced delivery order is not supported by the annotations yet",
                    "split the test, or crash inside the order with BoundaryEngine and OrderedDelivery directly");
        }
        Class<? extends Annotation> feature =
                order.isPresent() ? DeliverInOrder.class : crashAts.isEmpty() ? CrashSweep.class : CrashAt.class;
        KitSettings settings = KitSettings.read(context);
        requireScenarioParameter(method, feature, kind.scenario());
        requireStoreClosing(context, settings);
        DeclaredInvariants.requireValid(context);
        if (order.isPresent()) {
            List<KitCase> cases = OrderCases.of(method, order.get());
            requireIsolationIfParallel(context, method, feature);
            return new TemplateCases.Listed(settings, cases, ChildJvmOptions.of(settings, List.of(), List.of()));
        }
        Optional<Catalogues> catalogues = Catalogues.find(context);
        if (crashAts.isEmpty()) {
            CrashSweep declared = sweep.orElseThrow();
            List<Sweep> sweeps = Sweep.perMode(method, declared, catalogues, settings);
            requireIsolationIfParallel(context, method, feature);
            return new TemplateCases.Swept(
                    settings,
                    sweeps,
                    ChildJvmOptions.of(
                            settings,
                            List.<String[]>of(declared.childJvmOptions()),
                            List.<String[]>of(declared.childJvmOptionsDropped())));
        }
        List<KitCase> cases = CrashAtCases.of(method, crashAts, catalogues, settings);
        if (cases.stream().anyMatch(crashCase -> crashCase.mode() == CrashMode.IN_PROCESS)) {
            requireIsolationIfParallel(context, method, feature);
        }
        return new TemplateCases.Listed(
                settings,
                cases,
                ChildJvmOptions.of(
                        settings,
                        crashAts.stream().map(CrashAt::childJvmOptions).toList(),
                        crashAts.stream().map(CrashAt::childJvmOptionsDropped).toList()));
    }

    static void requireScenarioParameter(Method method, Class<? extends Annotation> feature, Class<?> scenario) {
        String annotation = "@" + feature.getSimpleName();
        if (Arrays.stream(method.getParameterTypes()).noneMatch(scenario::equals)) {
            if (feature == ScheduleSweep.class) {
                throw ConfigurationErrors.of(
                        annotation,
                        method,
                        "the method has no ScheduleScenario parameter, so it cannot run instances under a schedule",
                        "declare one and run the instances with it: void " + method.getName()
                                + "(ScheduleScenario scenario) { scenario.run(Instances.of(\"relay-a\", () -> ...)"
                                + ".and(\"relay-b\", () -> ...)); assertThat(...); }");
            }
            if (feature == DeliverInOrder.class) {
                throw ConfigurationErrors.of(
                        annotation,
                        method,
                        "the method has no DeliveryScenario parameter, so it"
                                + " cannot run a workload to deliver in order",
                        "declare one and run the workload with it: void "
                                + method.getName() + "(DeliveryScenario scenario) { scenario.deliver(() -> ...);"
                                + " assertThat(...); }");
            }
            throw ConfigurationErrors.of(
                    annotation,
                    method,
                    "the method has no CrashScenario parameter, so it cannot" + " run a workload to crash",
                    "declare one and run the workload with it: void "
                            + method.getName()
                            + "(CrashScenario scenario) { scenario.run(() -> ...); scenario.restart(() -> ...);"
                            + " assertThat(...); }");
        }
    }

    private static void requireStoreClosing(ExtensionContext context, KitSettings settings) {
        boolean closes = context.getConfigurationParameter(KitSettings.STORE_CLOSES_AUTOCLOSEABLE)
                .map(String::trim)
                .map(value -> !value.equalsIgnoreCase("false"))
                .orElse(true);
        if (!closes && (settings.reportEnabled() || settings.summaryEnabled())) {
            throw new ExtensionConfigurationException(
                    TemplateMessages.storeNotClosed().sentences());
        }
    }

    static void requireIsolationIfParallel(
            ExtensionContext context, Method method, Class<? extends Annotation> feature) {
        String annotation = "@" + feature.getSimpleName();
        boolean parallel = context.getConfigurationParameter(KitSettings.PARALLEL_ENABLED)
                .map(String::trim)
                .map(Boolean::parseBoolean)
                .orElse(false);
        if (!parallel) {
            return;
        }
        boolean isolated = AnnotationSupport.findAnnotation(
                        context.getRequiredTestClass(), Isolated.class, context.getEnclosingTestClasses())
                .isPresent();
        if (!isolated) {
            String why = feature == ScheduleSweep.class
                    ? "a schedule's instances run in this JVM and its recordings feed the cases after them"
                    : feature == DeliverInOrder.class
                            ? "ordered delivery instruments the entry point for the whole JVM, one run at a time"
                            : feature == CrashSweep.class
                                    ? "a sweep's invocations must run one after the other (the crash cases come from the first"
                                            + " invocation's recording), and an in-process run instruments every JDBC call in this JVM"
                                    : "an in-process crash instruments every JDBC call in this JVM, so a test running meanwhile would"
                                            + " be counted or crashed too";
            throw ConfigurationErrors.of(
                    annotation,
                    method,
                    "JUnit's parallel execution is enabled (" + KitSettings.PARALLEL_ENABLED + " = true) and " + why,
                    "annotate the test class with"
                            + " @org.junit.jupiter.api.parallel.Isolated (its tests then run alone, invocations one after the"
                            + " other), or disable parallel execution"
                            + (feature == CrashAt.class ? ", or use mode = CrashMode.CHILD_PROCESS" : ""));
        }
    }
}
