package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.config.Shard;
import dev.deliverykit.junit5.internal.planning.Catalogues;
import dev.deliverykit.junit5.internal.planning.CrashAtCases;
import dev.deliverykit.junit5.internal.planning.CrashCase;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import dev.deliverykit.junit5.internal.planning.OrderCases;
import dev.deliverykit.junit5.internal.planning.SweepCases;
import dev.deliverykit.junit5.internal.planning.SweepPlan;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Turns a kit test template into its invocations. Everything that can be checked is checked here, before
 * the first invocation instruments anything: settings, annotation elements, catalogues, the
 * {@code CrashScenario} parameter, {@code @CheckInvariant} field types and static values, parallel execution.
 * The plan is made once per template and kept in the template's store, under a namespace of its method: the
 * condition (is the template skipped under {@code deliverykit.replay}?) and the provider read the same plan, and
 * a configuration error is raised by the provider, as the template's failure.
 */
@API(status = INTERNAL, since = "0.1")
public final class TemplatePlanner {

    private static final ConditionEvaluationResult ENABLED =
            ConditionEvaluationResult.enabled("no deliverykit.replay, or it selects a case here; a case in this shard");

    private TemplatePlanner() {}

    /**
     * Whether the method is a kit template. A repeated {@code @CrashAt} is present only inside its container
     * {@code @CrashAts}, which {@code isAnnotated(method, CrashAt.class)} does not look into.
     */
    public static boolean isKitMethod(Method method) {
        return declares(method, CrashAt.class)
                || declares(method, CrashSweep.class)
                || declares(method, DeliverInOrder.class);
    }

    /** Whether the context's method carries the feature's annotation ({@code CrashAt}: also repeated). */
    public static boolean declares(ExtensionContext context, Class<? extends Annotation> feature) {
        return context.getTestMethod().map(method -> declares(method, feature)).orElse(false);
    }

    private static boolean declares(Method method, Class<? extends Annotation> feature) {
        return feature == CrashAt.class
                ? !AnnotationSupport.findRepeatableAnnotations(method, CrashAt.class)
                        .isEmpty()
                : AnnotationSupport.isAnnotated(method, feature);
    }

    /**
     * The invocations, lazily: a sweep's crash cases are computed only when JUnit asks for the invocation after
     * the recording, that is after the recording invocation has run.
     *
     * @throws RuntimeException the configuration error of the template, if it has one
     */
    public static Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
        Attempt attempt = plan(context);
        if (attempt instanceof Misconfigured misconfigured) {
            throw misconfigured.error();
        }
        if (attempt instanceof Listed listed) {
            KitSettings settings = listed.settings();
            if (settings.replay().isPresent()) { // a child JVM rerunning a case always replays it
                return listed.cases().stream()
                        .filter(crashCase -> !settings.childRerun() || settings.rerunsInThisChild(crashCase.mode()))
                        .filter(crashCase ->
                                crashCase.isSelectedBy(settings.replay().get()))
                        .map(crashCase ->
                                new CrashInvocation(crashCase, OptionalInt.empty(), settings, listed.childOptions()));
            }
            return inShard(listed.cases(), 1, settings, listed.childOptions(), Optional.empty());
        }
        Swept swept = (Swept) attempt;
        KitSettings settings = swept.settings();
        ChildJvmOptions childOptions = swept.childOptions();
        if (settings.replay().isPresent()) {
            return swept.sweeps().stream()
                    .filter(sweep -> !settings.childRerun() || settings.rerunsInThisChild(sweep.mode()))
                    .flatMap(sweep -> sweep.replayCase(settings.replay().get()).stream())
                    .map(crashCase -> new CrashInvocation(crashCase, OptionalInt.empty(), settings, childOptions));
        }
        // One recording per mode, each followed by the crash cases it numbers, then by those that crash their
        // recoveries, made from what the crash cases recorded of them. Case numbers run on across the modes as in an
        // unsharded run; the next mode's are known once this mode's cases are, which JUnit asks for first. (A sweep
        // that crashes its recoveries is never sharded: SweepPlan refuses it.)
        AtomicInteger numbered = new AtomicInteger();
        return swept.sweeps().stream().flatMap(sweep -> {
            SweepState state = sweepState(context, sweep);
            Stream<TestTemplateInvocationContext> record = Stream.of(new CrashInvocation(
                    sweep.recordCase(),
                    OptionalInt.of(numbered.incrementAndGet()),
                    settings,
                    childOptions,
                    Optional.of(state)));
            Optional<SweepState> recoveriesRecorded = sweep.crashesRecovery() ? Optional.of(state) : Optional.empty();
            Stream<TestTemplateInvocationContext> crashes = Stream.of(state).flatMap(recorded -> {
                List<CrashCase> cases = crashCases(context.getRequiredTestMethod(), sweep, recorded);
                int first = numbered.getAndAdd(cases.size()) + 1;
                // Every crash case sees its sweep's state: what the crash-free run left, and its recoveries if
                // recorded.
                return inShard(cases, first, settings, childOptions, Optional.of(recorded));
            });
            Stream<TestTemplateInvocationContext> recoveryCrashes = recoveriesRecorded.stream()
                    .flatMap(recorded -> sweep.allRecoveryCases(recorded).stream())
                    .map(crashCase -> new CrashInvocation(
                            crashCase, OptionalInt.of(numbered.incrementAndGet()), settings, childOptions));
            return Stream.concat(Stream.concat(record, crashes), recoveryCrashes);
        });
    }

    /**
     * The invocations of the {@code cases} this run's shard runs ({@link KitSettings#inShard}, every case when the
     * run is not sharded), each numbered as in an unsharded run, where {@code cases} start at {@code firstNumber}.
     */
    private static Stream<TestTemplateInvocationContext> inShard(
            List<? extends CrashCase> cases,
            int firstNumber,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepState> sweep) {
        return IntStream.range(0, cases.size())
                .filter(settings::inShard)
                .mapToObj(position -> new CrashInvocation(
                        cases.get(position), OptionalInt.of(firstNumber + position), settings, childOptions, sweep));
    }

    /**
     * Skips the template (not its invocations) under {@code deliverykit.replay} when it cannot produce the
     * replayed case. A misconfigured template is enabled: its provider raises the error.
     */
    public static ConditionEvaluationResult replayCondition(
            ExtensionContext context, Class<? extends Annotation> feature) {
        boolean templateItself = context.getTestMethod().isPresent()
                && context.getParent().flatMap(ExtensionContext::getTestMethod).isEmpty();
        if (!templateItself || !declares(context, feature)) {
            return ConditionEvaluationResult.enabled("not a DeliveryKit test template");
        }
        Attempt attempt = plan(context);
        if (attempt instanceof Misconfigured) {
            ReplaySelection.reportMisconfigured(context);
            return ConditionEvaluationResult.enabled("the configuration error is reported by the template itself");
        }
        KitSettings settings = attempt instanceof Listed listed ? listed.settings() : ((Swept) attempt).settings();
        Optional<ReplayKey> replay = settings.replay();
        if (replay.isEmpty()) {
            return attempt instanceof Listed listed ? shardCondition(context, listed) : ENABLED;
        }
        boolean produces = attempt instanceof Listed listed
                ? listed.cases().stream().anyMatch(crashCase -> crashCase.isSelectedBy(replay.get()))
                : ((Swept) attempt)
                        .sweeps().stream()
                                .anyMatch(
                                        sweep -> sweep.replayCase(replay.get()).isPresent());
        ReplaySelection.report(
                context,
                replay.get(),
                context.getRequiredTestMethod(),
                produces,
                attempt instanceof Listed listed
                        ? listed.cases().stream()
                                .map(crashCase -> crashCase.replayKey().text())
                                .toList()
                        : ((Swept) attempt)
                                .sweeps().stream()
                                        .flatMap(sweep -> sweep.replayCandidates(replay.get()).stream())
                                        .toList());
        return produces
                ? ENABLED
                : ConditionEvaluationResult.disabled(DeliveryKitConfiguration.REPLAY + "='" + replay.get()
                        + "' selects a case this test does not have");
    }

    /**
     * Skips a listed test that has no case in this run's shard (a sweep has its recording in every shard), saying so:
     * a test without invocations would pass silently. The shard's report is then written even if it has no case.
     */
    private static ConditionEvaluationResult shardCondition(ExtensionContext context, Listed listed) {
        KitSettings settings = listed.settings();
        int cases = listed.cases().size();
        if (IntStream.range(0, cases).anyMatch(settings::inShard)) {
            return ENABLED;
        }
        Shard shard = settings.shard().orElseThrow();
        CrashReport.of(context, settings).skippedInShard();
        return ConditionEvaluationResult.disabled(DeliveryKitConfiguration.SHARD + "=" + shard.text()
                + ": none of this test's " + cases + (cases == 1 ? " case is" : " cases are") + " in shard "
                + shard.index() + " of " + shard.count() + " (" + (cases == 1 ? "it runs" : "they run") + " in "
                + (cases == 1 ? "shard 1" : "shards 1 to " + cases) + ")");
    }

    private static List<CrashCase> crashCases(Method method, SweepPlan sweep, SweepState state) {
        if (!state.wasRecordInvocationStarted()) {
            throw new ExtensionConfigurationException("@CrashSweep on " + ConfigurationErrors.describe(method) + ": the"
                    + " recording invocation did not run (was one crash invocation rerun alone, by its unique id?), so"
                    + " there are no crash cases to run. Fix: run the whole test, or rerun one case with -D"
                    + DeliveryKitConfiguration.REPLAY + "='<replay key from its failure message>'.");
        }
        Optional<Recording> recording = state.recording();
        // No recording: the crash-free run failed (its invocation says why) or never called scenario.run.
        if (recording.isEmpty()) {
            return List.of();
        }
        SweepCases cases = sweep.cases(recording.get());
        state.counted(cases.counts());
        return cases.cases();
    }

    /** The template's store, under a namespace of its method. */
    private static ExtensionContext.Store store(ExtensionContext template) {
        return template.getStore(
                ExtensionContext.Namespace.create(TemplatePlanner.class, template.getRequiredTestMethod()));
    }

    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static SweepState sweepState(ExtensionContext template, SweepPlan sweep) {
        return store(template)
                .getOrComputeIfAbsent(
                        SweepState.class.getName() + "." + sweep.mode(),
                        key -> new SweepState(sweep.recoveryWatch()),
                        SweepState.class);
    }

    /** The template's plan, made by the first of condition and provider to ask. */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static Attempt plan(ExtensionContext template) {
        return store(template).getOrComputeIfAbsent(Attempt.class, type -> attempt(template), Attempt.class);
    }

    /** A template's plan, or why it has none. */
    private sealed interface Attempt permits Listed, Swept, Misconfigured {}

    /** The cases of a {@code @CrashAt} or {@code @DeliverInOrder} test, listed before any runs. */
    private record Listed(KitSettings settings, List<CrashCase> cases, ChildJvmOptions childOptions)
            implements Attempt {}

    /** A {@code @CrashSweep}, one sweep per mode: each one's cases come from its recording. */
    private record Swept(KitSettings settings, List<SweepPlan> sweeps, ChildJvmOptions childOptions)
            implements Attempt {}

    /** The configuration error that fails the template. */
    private record Misconfigured(RuntimeException error) implements Attempt {}

    private static Attempt attempt(ExtensionContext context) {
        try {
            return planned(context);
        } catch (RuntimeException misconfigured) {
            return new Misconfigured(misconfigured);
        }
    }

    private static Attempt planned(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
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
        String annotation = order.isPresent() ? "@DeliverInOrder" : crashAts.isEmpty() ? "@CrashSweep" : "@CrashAt";
        KitSettings settings = KitSettings.read(context);
        requireScenarioParameter(method, annotation, order.isPresent() ? DeliveryScenario.class : CrashScenario.class);
        requireStoreClosing(context, settings);
        DeclaredInvariants.requireValid(context);
        if (order.isPresent()) {
            List<CrashCase> cases = OrderCases.of(method, order.get());
            requireIsolationIfParallel(context, method, annotation);
            return new Listed(settings, cases, ChildJvmOptions.of(settings, List.of(), List.of()));
        }
        Optional<Catalogues> catalogues = Catalogues.find(context);
        if (crashAts.isEmpty()) {
            CrashSweep declared = sweep.orElseThrow();
            List<SweepPlan> plans = SweepPlan.perMode(method, declared, catalogues, settings);
            requireIsolationIfParallel(context, method, annotation);
            return new Swept(
                    settings,
                    plans,
                    ChildJvmOptions.of(
                            settings,
                            List.<String[]>of(declared.childJvmOptions()),
                            List.<String[]>of(declared.childJvmOptionsDropped())));
        }
        List<CrashCase> cases = CrashAtCases.of(method, crashAts, catalogues, settings);
        if (cases.stream().anyMatch(crashCase -> crashCase.mode() == CrashMode.IN_PROCESS)) {
            requireIsolationIfParallel(context, method, annotation);
        }
        return new Listed(
                settings,
                cases,
                ChildJvmOptions.of(
                        settings,
                        crashAts.stream().map(CrashAt::childJvmOptions).toList(),
                        crashAts.stream().map(CrashAt::childJvmOptionsDropped).toList()));
    }

    private static void requireScenarioParameter(Method method, String annotation, Class<?> scenario) {
        if (Arrays.stream(method.getParameterTypes()).noneMatch(scenario::equals)) {
            if (scenario == DeliveryScenario.class) {
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
            throw new ExtensionConfigurationException("DeliveryKit writes its report when JUnit closes the root store,"
                    + " but " + KitSettings.STORE_CLOSES_AUTOCLOSEABLE
                    + " = false stops JUnit from closing AutoCloseable values."
                    + " Fix: remove that setting, or turn the report off with "
                    + DeliveryKitConfiguration.REPORT_ENABLED
                    + " = false and " + DeliveryKitConfiguration.REPORT_SUMMARY + " = false.");
        }
    }

    private static void requireIsolationIfParallel(ExtensionContext context, Method method, String annotation) {
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
            String why = annotation.equals("@DeliverInOrder")
                    ? "ordered delivery instruments the entry point for the whole JVM, one run at a time"
                    : annotation.equals("@CrashSweep")
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
                            + (annotation.equals("@CrashAt") ? ", or use mode = CrashMode.CHILD_PROCESS" : ""));
        }
    }
}
