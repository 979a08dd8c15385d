package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.config.Shard;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.planning.Sweep;
import dev.deliverykit.junit5.internal.planning.SweepCases;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * A template's cases, or why it has none, made once per template ({@link TemplateChecks}): each kind gives the
 * template's invocations and says whether {@code deliverykit.replay} or the shard skips the template.
 */
sealed interface TemplateCases
        permits TemplateCases.Listed, TemplateCases.Swept, TemplateCases.Misconfigured, ScheduleTemplateCases {

    /**
     * The invocations, lazily: a sweep's crash cases are computed only when JUnit asks for the invocation after
     * the recording, that is after the recording invocation has run.
     *
     * @throws RuntimeException the configuration error of the template, if it has one
     */
    Stream<TestTemplateInvocationContext> invocations(ExtensionContext context);

    /**
     * Skips the template (not its invocations) under {@code deliverykit.replay} when it cannot produce the replayed
     * case, or when it has no case in this run's shard.
     */
    ConditionEvaluationResult condition(ExtensionContext context);

    /** The cases of a {@code @CrashAt} or {@code @DeliverInOrder} test, listed before any runs. */
    record Listed(KitSettings settings, List<KitCase> cases, ChildJvmOptions childOptions) implements TemplateCases {

        @Override
        public Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
            if (settings.replay().isPresent()) { // a child JVM rerunning a case always replays it
                return cases.stream()
                        .filter(crashCase -> !settings.childRerun() || settings.rerunsInThisChild(crashCase.mode()))
                        .filter(crashCase ->
                                crashCase.isSelectedBy(settings.replay().get()))
                        .map(crashCase -> new CrashInvocation(crashCase, OptionalInt.empty(), settings, childOptions));
            }
            return inShard(cases, 1, settings, childOptions, Optional.empty());
        }

        @Override
        public ConditionEvaluationResult condition(ExtensionContext context) {
            Optional<ReplayKey> replay = settings.replay();
            if (replay.isEmpty()) {
                return shardCondition(context, this);
            }
            return replayCondition(
                    context,
                    replay.get(),
                    cases.stream().anyMatch(crashCase -> crashCase.isSelectedBy(replay.get())),
                    cases.stream()
                            .map(crashCase -> crashCase.replayKey().text())
                            .toList());
        }
    }

    /** A {@code @CrashSweep}, one sweep per mode: each one's cases come from its recording. */
    record Swept(KitSettings settings, List<Sweep> sweeps, ChildJvmOptions childOptions) implements TemplateCases {

        @Override
        public Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
            if (settings.replay().isPresent()) {
                return sweeps.stream()
                        .filter(sweep -> !settings.childRerun() || settings.rerunsInThisChild(sweep.mode()))
                        .flatMap(sweep ->
                                sweep.replay().caseFor(settings.replay().get()).stream())
                        .map(crashCase -> new CrashInvocation(crashCase, OptionalInt.empty(), settings, childOptions));
            }
            // One recording per mode, each followed by the crash cases it numbers, then by those that crash their
            // recoveries, made from what the crash cases recorded of them. Case numbers run on across the modes as in
            // an
            // unsharded run; the next mode's are known once this mode's cases are, which JUnit asks for first. (A sweep
            // that crashes its recoveries is never sharded: SweepDeclaration refuses it.)
            AtomicInteger numbered = new AtomicInteger();
            return sweeps.stream().flatMap(sweep -> {
                SweepState state = sweepState(context, sweep);
                Stream<TestTemplateInvocationContext> record = Stream.of(new CrashInvocation(
                        sweep.recordCase(),
                        OptionalInt.of(numbered.incrementAndGet()),
                        settings,
                        childOptions,
                        Optional.of(state)));
                Optional<SweepState> recoveriesRecorded =
                        sweep.recoveries().enabled() ? Optional.of(state) : Optional.empty();
                Stream<TestTemplateInvocationContext> crashes = Stream.of(state).flatMap(recorded -> {
                    List<KitCase> cases = crashCases(context.getRequiredTestMethod(), sweep, recorded);
                    int first = numbered.getAndAdd(cases.size()) + 1;
                    // Every crash case sees its sweep's state: what the crash-free run left, and its recoveries if
                    // recorded.
                    return inShard(cases, first, settings, childOptions, Optional.of(recorded));
                });
                Stream<TestTemplateInvocationContext> recoveryCrashes = recoveriesRecorded.stream()
                        .flatMap(recorded -> sweep
                                .recoveries()
                                .all(recorded.recoveries(), recorded.firstCrashes(), recorded.recoveriesStarted())
                                .stream())
                        .map(crashCase -> new CrashInvocation(
                                crashCase, OptionalInt.of(numbered.incrementAndGet()), settings, childOptions));
                return Stream.concat(Stream.concat(record, crashes), recoveryCrashes);
            });
        }

        @Override
        public ConditionEvaluationResult condition(ExtensionContext context) {
            Optional<ReplayKey> replay = settings.replay();
            if (replay.isEmpty()) {
                return TemplateInvocations.ENABLED;
            }
            return replayCondition(
                    context,
                    replay.get(),
                    sweeps.stream()
                            .anyMatch(sweep ->
                                    sweep.replay().caseFor(replay.get()).isPresent()),
                    sweeps.stream()
                            .flatMap(sweep -> sweep.replay().candidates(replay.get()).stream())
                            .toList());
        }
    }

    /** The configuration error that fails the template. */
    record Misconfigured(RuntimeException error) implements TemplateCases {

        @Override
        public Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
            throw error;
        }

        /** Enabled: the template's provider raises the error, as the template's failure. */
        @Override
        public ConditionEvaluationResult condition(ExtensionContext context) {
            ReplaySelection.reportMisconfigured(context);
            return ConditionEvaluationResult.enabled("the configuration error is reported by the template itself");
        }
    }

    /** Tells the run's replay ledger whether this template produces the replayed case, and skips it if not. */
    private static ConditionEvaluationResult replayCondition(
            ExtensionContext context, ReplayKey replay, boolean produces, List<String> candidates) {
        ReplaySelection.report(context, replay, context.getRequiredTestMethod(), produces, candidates);
        return produces
                ? TemplateInvocations.ENABLED
                : ConditionEvaluationResult.disabled(
                        DeliveryKitConfiguration.REPLAY + "='" + replay + "' selects a case this test does not have");
    }

    /**
     * The invocations of the {@code cases} this run's shard runs ({@link KitSettings#inShard}, every case when the
     * run is not sharded), each numbered as in an unsharded run, where {@code cases} start at {@code firstNumber}.
     */
    private static Stream<TestTemplateInvocationContext> inShard(
            List<? extends KitCase> cases,
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
     * Skips a listed test that has no case in this run's shard (a sweep has its recording in every shard), saying so:
     * a test without invocations would pass silently. The shard's report is then written even if it has no case.
     */
    private static ConditionEvaluationResult shardCondition(ExtensionContext context, Listed listed) {
        KitSettings settings = listed.settings();
        int cases = listed.cases().size();
        if (IntStream.range(0, cases).anyMatch(settings::inShard)) {
            return TemplateInvocations.ENABLED;
        }
        Shard shard = settings.shard().orElseThrow();
        CrashReport.of(context, settings).skippedInShard();
        return ConditionEvaluationResult.disabled(DeliveryKitConfiguration.SHARD + "=" + shard.text()
                + ": none of this test's " + cases + (cases == 1 ? " case is" : " cases are") + " in shard "
                + shard.index() + " of " + shard.count() + " (" + (cases == 1 ? "it runs" : "they run") + " in "
                + (cases == 1 ? "shard 1" : "shards 1 to " + cases) + ")");
    }

    private static List<KitCase> crashCases(Method method, Sweep sweep, SweepState state) {
        if (!state.wasRecordInvocationStarted()) {
            throw new ExtensionConfigurationException(
                    TemplateMessages.noRecordingRun(ConfigurationErrors.describe(method))
                            .sentences());
        }
        Optional<Recording> recording = state.recording();
        // No recording: the crash-free run failed (its invocation says why) or never called scenario.run.
        if (recording.isEmpty()) {
            return List.of();
        }
        SweepCases cases = sweep.cases(recording.get());
        state.counted(cases);
        return cases.cases();
    }

    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static SweepState sweepState(ExtensionContext template, Sweep sweep) {
        return TemplateInvocations.store(template)
                .getOrComputeIfAbsent(
                        SweepState.class.getName() + "." + sweep.mode(),
                        key -> new SweepState(sweep.recoveries().watch()),
                        SweepState.class);
    }
}
