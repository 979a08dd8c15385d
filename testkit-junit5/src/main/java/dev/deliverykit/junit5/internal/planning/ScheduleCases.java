package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.internal.config.ConfigurationErrors;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.schedule.InstanceSteps;
import dev.deliverykit.schedule.Schedule;
import dev.deliverykit.schedule.SchedulePlan;
import dev.deliverykit.schedule.SchedulePlanner;
import dev.deliverykit.schedule.ScheduleStrategy;
import dev.deliverykit.schedule.Turn;
import dev.deliverykit.time.TimeReads;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The cases of a {@code @ScheduleSweep} test: what its instances' points are, the serial runs that record them, and
 * the schedules its strategy plans from them.
 */
@API(status = INTERNAL, since = "0.1")
public final class ScheduleCases {

    private final Method method;
    private final ScheduleStrategy strategy;
    private final int maxSchedules;
    private final WatchList watch;
    private final TimeReads time;
    private final Optional<Duration> stall;
    private final Optional<Duration> crash;

    private ScheduleCases(
            Method method,
            ScheduleStrategy strategy,
            int maxSchedules,
            WatchList watch,
            TimeReads time,
            Optional<Duration> stall,
            Optional<Duration> crash) {
        this.method = method;
        this.strategy = strategy;
        this.maxSchedules = maxSchedules;
        this.watch = watch;
        this.time = time;
        this.stall = stall;
        this.crash = crash;
    }

    /**
     * The declared sweep, checked.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException for an attribute out of range
     */
    public static ScheduleCases of(
            Method method, ScheduleSweep sweep, Optional<Catalogues> catalogues, KitSettings settings) {
        if (sweep.preemptionBound() < 0 || sweep.randomSchedules() < 0 || sweep.maxSchedules() < 1) {
            throw ConfigurationErrors.of(
                    "@ScheduleSweep",
                    method,
                    ScheduleSweepMessages.outOfRange(
                            sweep.preemptionBound(), sweep.randomSchedules(), sweep.maxSchedules()));
        }
        Optional<Duration> stall = sweep.stall().isEmpty() ? Optional.empty() : DurationText.parse(sweep.stall());
        if (!sweep.stall().isEmpty() && stall.isEmpty()) {
            throw ConfigurationErrors.of("@ScheduleSweep", method, ScheduleSweepMessages.badStall(sweep.stall()));
        }
        Optional<Duration> crash = crash(method, sweep, settings);
        List<SweepKind> kinds = Arrays.asList(sweep.kinds());
        WatchList watch = settings.seeingThrough(WatchList.of(), new String[0], "@ScheduleSweep", method);
        if (kinds.contains(SweepKind.CATALOGUE) && catalogues.isPresent()) {
            watch = watch.and(catalogues.get().boundaries().toArray(new Boundary[0]));
        }
        if (kinds.contains(SweepKind.STATEMENTS)) {
            watch = watch.withEveryStatement();
        }
        if (kinds.contains(SweepKind.COMMITS)) {
            watch = watch.withEveryTransactionEnd();
        }
        if (kinds.contains(SweepKind.OUTSIDE_EFFECTS)) {
            watch = watch.withEveryOutsideEffect();
        }
        ScheduleStrategy strategy = sweep.randomSchedules() > 0
                ? new ScheduleStrategy.RandomPriorities(sweep.seed(), 2, sweep.randomSchedules())
                : new ScheduleStrategy.Exhaustive(sweep.preemptionBound(), sweep.reduction());
        return new ScheduleCases(method, strategy, sweep.maxSchedules(), watch, sweep.time(), stall, crash);
    }

    /**
     * How far the clock moves after each crash of a crash sweep ({@code crash = "31s"}, {@code "0s"}), or empty;
     * refused when it is no duration, comes with a stall, or the run's only mode is a child process's.
     */
    private static Optional<Duration> crash(Method method, ScheduleSweep sweep, KitSettings settings) {
        if (sweep.crash().isEmpty()) {
            return Optional.empty();
        }
        Optional<Duration> crash = DurationText.parseZeroOrMore(sweep.crash());
        if (crash.isEmpty()) {
            throw ConfigurationErrors.of("@ScheduleSweep", method, ScheduleSweepMessages.badCrash(sweep.crash()));
        }
        if (!sweep.stall().isEmpty()) {
            throw ConfigurationErrors.of(
                    "@ScheduleSweep", method, ScheduleSweepMessages.stallAndCrash(sweep.stall(), sweep.crash()));
        }
        if (!settings.modes(new CrashMode[0]).contains(CrashMode.IN_PROCESS)) {
            throw ConfigurationErrors.of(
                    "@ScheduleSweep", method, ScheduleSweepMessages.crashInChildProcess(DeliveryKitConfiguration.MODE));
        }
        return crash;
    }

    /** Who reads the case's clock, as the sweep says. */
    public TimeReads time() {
        return time;
    }

    /** What the instances' points are: the hits of these boundaries. */
    public WatchList watch() {
        return watch;
    }

    /** The serial run that starts with each instance but the first, which the first case runs. */
    public List<ScheduleCase.RunSchedule> rotations(List<String> names) {
        List<ScheduleCase.RunSchedule> rotations = new ArrayList<>();
        for (int first = 1; first < names.size(); first++) {
            List<String> order = new ArrayList<>(names.subList(first, names.size()));
            order.addAll(names.subList(0, first));
            rotations.add(new ScheduleCase.RunSchedule(
                    order.stream().map(name -> name + ":1").collect(Collectors.joining(",")),
                    order.stream().map(name -> name + " to the end").collect(Collectors.joining(", ")),
                    Optional.of(names.get(first))));
        }
        return rotations;
    }

    /**
     * The schedules the strategy plans from each instance's steps, in the instances' order, without the serial runs
     * that recorded them; with a stall, one stall per point of each instance instead, and with a crash one crash per
     * point of each instance.
     *
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException if there are more than allowed
     */
    public Planned planned(List<InstanceSteps> steps) {
        if (crash.isPresent()) {
            List<Schedule> crashes = SchedulePlanner.crashes(steps, crash.get());
            return oneInstanceEach(
                    crashes,
                    ScheduleCase.Interruption.CRASH,
                    ScheduleSweepMessages.tooManyCrashes(crashes.size(), maxSchedules, steps));
        }
        if (stall.isPresent()) {
            List<Schedule> stalls = SchedulePlanner.stalls(steps, stall.get());
            return oneInstanceEach(
                    stalls,
                    ScheduleCase.Interruption.STALL,
                    ScheduleSweepMessages.tooManyStalls(stalls.size(), maxSchedules, steps));
        }
        SchedulePlan plan = SchedulePlanner.plan(steps, strategy);
        List<String> names = steps.stream().map(InstanceSteps::name).toList();
        Set<List<String>> recorded = new HashSet<>();
        for (int first = 0; first < names.size(); first++) {
            List<String> order = new ArrayList<>(names.subList(first, names.size()));
            order.addAll(names.subList(0, first));
            recorded.add(order);
        }
        List<ScheduleCase> cases = new ArrayList<>();
        for (Schedule schedule : plan.schedules()) {
            List<String> order = schedule.turns().stream().map(Turn::instance).toList();
            if (order.size() == names.size() && recorded.contains(order)) {
                continue;
            }
            cases.add(new ScheduleCase.RunSchedule(schedule.key(), schedule.name(), Optional.empty()));
        }
        if (cases.size() > maxSchedules) {
            throw ConfigurationErrors.of(
                    "@ScheduleSweep",
                    method,
                    ScheduleSweepMessages.tooManySchedules(cases.size(), maxSchedules, steps, plan));
        }
        return new Planned(cases, plan.considered(), plan.equivalent());
    }

    /** A case of each of {@code schedules}, each stopping one instance; refused with {@code tooMany} past the most. */
    private Planned oneInstanceEach(List<Schedule> schedules, ScheduleCase.Interruption interruption, Message tooMany) {
        if (schedules.size() > maxSchedules) {
            throw ConfigurationErrors.of("@ScheduleSweep", method, tooMany);
        }
        List<ScheduleCase> cases = schedules.stream()
                .map(schedule ->
                        (ScheduleCase) new ScheduleCase.OneInstance(schedule.key(), schedule.name(), interruption))
                .toList();
        return new Planned(cases, cases.size(), 0);
    }

    /**
     * The planned schedules and how many there were.
     *
     * @param cases the schedules to run, without the serial runs that recorded the instances
     * @param considered how many schedules the strategy produced (the stalls or crashes, for their sweeps)
     * @param equivalent how many of them were left out as equivalent to one kept
     */
    public record Planned(List<ScheduleCase> cases, int considered, int equivalent) {

        public Planned {
            cases = List.copyOf(cases);
        }
    }
}
