package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.ReplayKey;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.Catalogues;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import dev.deliverykit.junit5.internal.planning.ScheduleCase;
import dev.deliverykit.junit5.internal.planning.ScheduleCases;
import dev.deliverykit.junit5.internal.report.ScheduleCounts;
import dev.deliverykit.schedule.ScheduleKeys;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The cases of a {@code @ScheduleSweep}: the recordings (the instances one after another, once starting with each),
 * then the planned schedules, made from what the recordings found when JUnit asks for them.
 */
record ScheduleTemplateCases(KitSettings settings, ScheduleCases cases) implements TemplateCases {

    /** The cases of {@code sweep} on the context's method, or the configuration error of its declaration. */
    static ScheduleTemplateCases of(ExtensionContext context, Method method, ScheduleSweep sweep, TemplateKind kind) {
        for (Class<? extends Annotation> other : List.of(CrashAt.class, CrashSweep.class, DeliverInOrder.class)) {
            if (AnnotationSupport.isAnnotated(method, other)) {
                throw ConfigurationErrors.of(
                        "@ScheduleSweep with @" + other.getSimpleName(),
                        method,
                        "a test is one kind of kit test: a sweep of schedules, of crash points or of delivery orders",
                        "keep one of the annotations, or split the test");
            }
        }
        KitSettings settings = KitSettings.read(context);
        TemplateChecks.requireScenarioParameter(method, ScheduleSweep.class, kind.scenario());
        DeclaredInvariants.requireValid(context);
        TemplateChecks.requireIsolationIfParallel(context, method, ScheduleSweep.class);
        return new ScheduleTemplateCases(settings, ScheduleCases.of(method, sweep, Catalogues.find(context), settings));
    }

    @Override
    public Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
        Optional<ReplayKey> replay = settings.replay();
        if (replay.isPresent()) {
            return replayed(replay.get()).stream()
                    .map(scheduleCase -> new ScheduleInvocation(
                            scheduleCase, OptionalInt.empty(), settings, cases, Optional.empty()));
        }
        ScheduleSweepState state = state(context);
        AtomicInteger numbered = new AtomicInteger();
        Stream<TestTemplateInvocationContext> first = Stream.of(new ScheduleInvocation(
                new ScheduleCase.RecordInstances(),
                OptionalInt.of(numbered.incrementAndGet()),
                settings,
                cases,
                Optional.of(state)));
        // each stream is asked for only once the invocations before it ran: the recordings feed the state
        Stream<TestTemplateInvocationContext> rotations = Stream.of(state)
                .flatMap(recorded -> recorded.names().map(cases::rotations).orElse(List.of()).stream())
                .map(rotation -> new ScheduleInvocation(
                        rotation, OptionalInt.of(numbered.incrementAndGet()), settings, cases, Optional.of(state)));
        Stream<TestTemplateInvocationContext> planned = Stream.of(state).flatMap(recorded -> {
            List<ScheduleCase> schedules = recorded.steps()
                    .map(cases::planned)
                    .map(plan -> {
                        int recordings = recorded.names().orElse(List.of()).size();
                        recorded.counted(new ScheduleCounts(
                                plan.considered(),
                                plan.equivalent(),
                                plan.cases().size() + recordings,
                                recordings));
                        return plan.cases();
                    })
                    .orElse(List.of());
            int firstNumber = numbered.getAndAdd(schedules.size()) + 1;
            return IntStream.range(0, schedules.size())
                    .filter(position -> settings.inShard(firstNumber + position - 1))
                    .mapToObj(position -> new ScheduleInvocation(
                            schedules.get(position),
                            OptionalInt.of(firstNumber + position),
                            settings,
                            cases,
                            Optional.empty()));
        });
        return Stream.concat(first, Stream.concat(rotations, planned));
    }

    /** The case a replay key selects: the first recording ({@code crash=none}), or the schedule it names. */
    private static Optional<ScheduleCase> replayed(ReplayKey key) {
        if (key instanceof ReplayKey.CrashFree) {
            return Optional.of(new ScheduleCase.RecordInstances());
        }
        if (key instanceof ReplayKey.Schedule schedule && ScheduleKeys.crashes(schedule.turns())) {
            return Optional.of(new ScheduleCase.OneInstance(
                    schedule.turns(), "crash " + schedule.turns(), ScheduleCase.Interruption.CRASH));
        }
        if (key instanceof ReplayKey.Schedule schedule && ScheduleKeys.stalls(schedule.turns())) {
            return Optional.of(new ScheduleCase.OneInstance(
                    schedule.turns(), "stall " + schedule.turns(), ScheduleCase.Interruption.STALL));
        }
        if (key instanceof ReplayKey.Schedule schedule) {
            return Optional.of(new ScheduleCase.RunSchedule(schedule.turns(), schedule.turns(), Optional.empty()));
        }
        return Optional.empty();
    }

    @Override
    public ConditionEvaluationResult condition(ExtensionContext context) {
        Optional<ReplayKey> replay = settings.replay();
        if (replay.isEmpty()) {
            return TemplateInvocations.ENABLED;
        }
        boolean produces = replayed(replay.get()).isPresent();
        ReplaySelection.report(
                context,
                replay.get(),
                context.getRequiredTestMethod(),
                produces,
                List.of(
                        ReplayKey.crashFree().text(),
                        "schedule=<its turns (and stalls or crashes), as a failure of this test prints them>"));
        return produces
                ? TemplateInvocations.ENABLED
                : ConditionEvaluationResult.disabled(DeliveryKitConfiguration.REPLAY + "='" + replay.get()
                        + "' selects a case this test does not have");
    }

    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    private static ScheduleSweepState state(ExtensionContext template) {
        return TemplateInvocations.store(template)
                .getOrComputeIfAbsent(
                        ScheduleSweepState.class, type -> new ScheduleSweepState(), ScheduleSweepState.class);
    }
}
