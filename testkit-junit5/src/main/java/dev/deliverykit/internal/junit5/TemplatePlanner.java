package dev.deliverykit.internal.junit5;

import dev.deliverykit.boundary.Recording;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Turns a kit test template into its invocations. Everything that can be checked is checked here, before
 * the first invocation instruments anything: settings, annotation elements, catalogues, the
 * {@code CrashScenario} parameter, {@code @CheckInvariant} field types and static values, parallel execution.
 */
public final class TemplatePlanner {

    static final String PARALLEL_ENABLED = "junit.jupiter.execution.parallel.enabled";
    static final String STORE_CLOSES_AUTOCLOSEABLE = "junit.jupiter.extensions.store.close.autocloseable.enabled";

    private TemplatePlanner() {
    }

    /** Whether the context's method is a kit template. */
    public static boolean isKitTemplate(ExtensionContext context) {
        return context.getTestMethod().map(TemplatePlanner::isKitMethod).orElse(false);
    }

    /**
     * Whether the method is a kit template. A repeated {@code @CrashAt} is present only inside its container
     * {@code @CrashAts}, which {@code isAnnotated(method, CrashAt.class)} does not look into.
     */
    static boolean isKitMethod(Method method) {
        return !AnnotationSupport.findRepeatableAnnotations(method, CrashAt.class).isEmpty()
                || AnnotationSupport.isAnnotated(method, CrashSweep.class)
                || AnnotationSupport.isAnnotated(method, DeliverInOrder.class);
    }

    /**
     * The invocations, lazily: a sweep's crash cases are computed only when JUnit asks for the invocation after
     * the recording, that is after the recording invocation has run.
     */
    public static Stream<TestTemplateInvocationContext> invocations(ExtensionContext context,
            ExtensionContext.Namespace namespace) {
        Planned planned = plan(context);
        KitSettings settings = planned.settings;
        if (planned.listedCases != null) {
            return planned.listedCases.stream().filter(crashCase -> settings.replay().map(crashCase::isSelectedBy)
                    .orElse(true)).map(crashCase -> new CrashInvocation(crashCase, settings, null, namespace));
        }
        SweepPlan sweep = planned.sweep;
        if (settings.replay().isPresent()) {
            return sweep.replayCase(settings.replay().get()).stream()
                    .map(crashCase -> new CrashInvocation(crashCase, settings, null, namespace));
        }
        SweepState state = sweepState(context, namespace);
        Stream<TestTemplateInvocationContext> record = Stream.of(new CrashInvocation(sweep.recordCase(), settings, state,
                namespace));
        Stream<TestTemplateInvocationContext> crashes = Stream.of(state)
                .flatMap(recorded -> crashCases(context.getRequiredTestMethod(), sweep, recorded).stream())
                .map(crashCase -> new CrashInvocation(crashCase, settings, null, namespace));
        return Stream.concat(record, crashes);
    }

    /**
     * Why the template is skipped under {@code deliverykit.replay}: it cannot produce the replayed case.
     * Empty if it runs.
     */
    public static Optional<String> skippedByReplay(ExtensionContext context) {
        Planned planned = plan(context);
        Optional<ReplayKey> replay = planned.settings.replay();
        if (replay.isEmpty()) {
            return Optional.empty();
        }
        boolean produces = planned.listedCases != null
                ? planned.listedCases.stream().anyMatch(crashCase -> crashCase.isSelectedBy(replay.get()))
                : planned.sweep.replayCase(replay.get()).isPresent();
        return produces ? Optional.empty() : Optional.of(DeliveryKitConfiguration.REPLAY + "='" + replay.get()
                + "' selects a case this test does not have");
    }

    private static List<CrashCase> crashCases(Method method, SweepPlan sweep, SweepState state) {
        if (!state.wasRecordInvocationStarted()) {
            throw new ExtensionConfigurationException("@CrashSweep on " + Problems.describe(method) + ": the recording"
                    + " invocation did not run (was one crash invocation rerun alone, by its unique id?), so there are no"
                    + " crash cases to run. Fix: run the whole test, or rerun one case with -D"
                    + DeliveryKitConfiguration.REPLAY + "='<replay key from its failure message>'.");
        }
        Optional<Recording> recording = state.recording();
        // No recording: the crash-free run failed (its invocation says why) or never called scenario.run.
        return recording.map(sweep::cases).orElse(List.of());
    }

    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static SweepState sweepState(ExtensionContext context, ExtensionContext.Namespace namespace) {
        return context.getStore(namespace).getOrComputeIfAbsent(SweepState.class, type -> new SweepState(),
                SweepState.class);
    }

    /** Settings, and either the listed cases (@CrashAt, @DeliverInOrder) or a sweep. */
    private static final class Planned {
        KitSettings settings;
        List<CrashCase> listedCases;
        SweepPlan sweep;
    }

    private static Planned plan(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        List<CrashAt> crashAts = AnnotationSupport.findRepeatableAnnotations(method, CrashAt.class);
        Optional<CrashSweep> sweep = AnnotationSupport.findAnnotation(method, CrashSweep.class);
        Optional<DeliverInOrder> order = AnnotationSupport.findAnnotation(method, DeliverInOrder.class);
        if (!crashAts.isEmpty() && sweep.isPresent()) {
            throw Problems.configuration("@CrashAt with @CrashSweep", method, "a test is either a list of chosen"
                    + " boundaries or a sweep over all of them", "keep one of the two annotations, or split the test");
        }
        if (order.isPresent() && (!crashAts.isEmpty() || sweep.isPresent())) {
            throw Problems.configuration("@DeliverInOrder with " + (sweep.isPresent() ? "@CrashSweep" : "@CrashAt"),
                    method, "crashing inside a forced delivery order is not supported by the annotations yet",
                    "split the test, or crash inside the order with BoundaryEngine and OrderedDelivery directly");
        }
        String annotation = order.isPresent() ? "@DeliverInOrder" : crashAts.isEmpty() ? "@CrashSweep" : "@CrashAt";
        Planned planned = new Planned();
        planned.settings = KitSettings.read(context);
        requireScenarioParameter(method, annotation, order.isPresent() ? DeliveryScenario.class : CrashScenario.class);
        requireStoreClosing(context, planned.settings);
        DeclaredInvariants.requireValid(context);
        if (order.isPresent()) {
            planned.listedCases = OrderCases.of(method, order.get());
            requireIsolationIfParallel(context, method, annotation);
            return planned;
        }
        Optional<Catalogues> catalogues = Catalogues.find(context);
        if (crashAts.isEmpty()) {
            planned.sweep = SweepPlan.of(method, sweep.orElseThrow(), catalogues, planned.settings);
            requireIsolationIfParallel(context, method, annotation);
        } else {
            planned.listedCases = CrashAtCases.of(method, crashAts, catalogues, planned.settings);
            if (planned.listedCases.stream().anyMatch(crashCase -> crashCase.mode() == CrashMode.IN_PROCESS)) {
                requireIsolationIfParallel(context, method, annotation);
            }
        }
        return planned;
    }

    private static void requireScenarioParameter(Method method, String annotation, Class<?> scenario) {
        if (Arrays.stream(method.getParameterTypes()).noneMatch(scenario::equals)) {
            if (scenario == DeliveryScenario.class) {
                throw Problems.configuration(annotation, method, "the method has no DeliveryScenario parameter, so it"
                        + " cannot run a workload to deliver in order", "declare one and run the workload with it: void "
                        + method.getName() + "(DeliveryScenario scenario) { scenario.deliver(() -> ...);"
                        + " assertThat(...); }");
            }
            throw Problems.configuration(annotation, method, "the method has no CrashScenario parameter, so it cannot"
                    + " run a workload to crash", "declare one and run the workload with it: void "
                    + method.getName() + "(CrashScenario scenario) { scenario.run(() -> ...); scenario.restart(() -> ...);"
                    + " assertThat(...); }");
        }
    }

    private static void requireStoreClosing(ExtensionContext context, KitSettings settings) {
        boolean closes = context.getConfigurationParameter(STORE_CLOSES_AUTOCLOSEABLE).map(String::trim)
                .map(value -> !value.equalsIgnoreCase("false")).orElse(true);
        if (!closes && (settings.reportEnabled() || settings.summaryEnabled())) {
            throw new ExtensionConfigurationException("DeliveryKit writes its report when JUnit closes the root store,"
                    + " but " + STORE_CLOSES_AUTOCLOSEABLE + " = false stops JUnit from closing AutoCloseable values."
                    + " Fix: remove that setting, or turn the report off with " + DeliveryKitConfiguration.REPORT_ENABLED
                    + " = false and " + DeliveryKitConfiguration.REPORT_SUMMARY + " = false.");
        }
    }

    private static void requireIsolationIfParallel(ExtensionContext context, Method method, String annotation) {
        boolean parallel = context.getConfigurationParameter(PARALLEL_ENABLED).map(String::trim)
                .map(Boolean::parseBoolean).orElse(false);
        if (!parallel) {
            return;
        }
        boolean isolated = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), Isolated.class,
                context.getEnclosingTestClasses()).isPresent();
        if (!isolated) {
            String why = annotation.equals("@DeliverInOrder")
                    ? "ordered delivery instruments the entry point for the whole JVM, one run at a time"
                    : annotation.equals("@CrashSweep")
                    ? "a sweep's invocations must run one after the other (the crash cases come from the first"
                            + " invocation's recording), and an in-process run instruments every JDBC call in this JVM"
                    : "an in-process crash instruments every JDBC call in this JVM, so a test running meanwhile would"
                            + " be counted or crashed too";
            throw Problems.configuration(annotation, method, "JUnit's parallel execution is enabled ("
                    + PARALLEL_ENABLED + " = true) and " + why, "annotate the test class with"
                    + " @org.junit.jupiter.api.parallel.Isolated (its tests then run alone, invocations one after the"
                    + " other), or disable parallel execution"
                    + (annotation.equals("@CrashAt") ? ", or use mode = CrashMode.CHILD_PROCESS" : ""));
        }
    }
}
