package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.schedule.Crash;
import dev.deliverykit.schedule.Move;
import dev.deliverykit.schedule.Stall;
import dev.deliverykit.schedule.Turn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Runs several instances at once under one schedule: each in a thread of its own, as a process of its own (its own
 * run, threads, tasks and connections), held at each of its points until its turn. The turns go one at a time; the
 * last turn of an instance lets it run to its end. Afterwards every instance that has not ended yet runs to its end,
 * one after another; when none of them can go on, that is a deadlock. A stall moves the instances' clock on while the
 * instance of the turn before it holds at its point; a crash kills that instance there, in this JVM as an in-process
 * crash does (its connections roll back and close, the kit's crash is thrown on its thread), and may move the clock.
 */
final class ScheduledRuns {

    /** How long a call may wait inside the driver before its instance counts as blocked in the database. */
    static final Duration BLOCKED_AFTER = Duration.ofMillis(200);

    static final String BLOCKED_AFTER_PROPERTY = "deliverykit.schedule.blocked-after";
    /** How long an instance may reach no point outside the driver before it counts as waiting. */
    static final Duration WAITING_AFTER = Duration.ofSeconds(2);

    private final WatchList watch;
    private final Instances instances;
    private final List<Move> moves;
    private final List<String> names;
    private final ScheduleGate gate;
    private final List<ScheduledInstance> scheduled = new ArrayList<>();
    private final ActiveRun[] runs;
    private final Throwable[] thrown;
    private final boolean[] crashed;
    private final List<?>[] stillBusy;

    /**
     * {@code moves} stall no instance, nor move the clock after a crash, unless {@code instances} have a clock
     * ({@link BoundaryEngine#runSchedule}).
     */
    ScheduledRuns(WatchList watch, Instances instances, List<Move> moves) {
        this.watch = watch;
        this.instances = instances;
        this.moves = List.copyOf(moves);
        this.names = instances.names();
        this.gate = new ScheduleGate(names, blockedAfter(), WAITING_AFTER);
        this.runs = new ActiveRun[names.size()];
        this.thrown = new Throwable[names.size()];
        this.crashed = new boolean[names.size()];
        this.stillBusy = new List<?>[names.size()];
        for (String name : names) {
            scheduled.add(new ScheduledInstance(name, gate));
        }
    }

    /**
     * The system property {@value #BLOCKED_AFTER_PROPERTY}, a duration as {@code deliverykit.child.timeout} writes it;
     * else 200 ms: far longer than a statement that waits for no lock takes, far shorter than a busy timeout.
     */
    static Duration blockedAfter() {
        String configured = System.getProperty(BLOCKED_AFTER_PROPERTY);
        if (configured == null || configured.isBlank()) {
            return BLOCKED_AFTER;
        }
        return DurationText.parse(configured)
                .orElseThrow(() ->
                        new IllegalArgumentException(SetupMessages.unusableDuration(BLOCKED_AFTER_PROPERTY, configured)
                                .sentences()));
    }

    /** Runs the instances; {@code activate} starts delivering the events to {@code sink} once they all wait. */
    ScheduledRun run(InstancesSink sink, Runnable activate) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(names.size());
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            int index = i;
            Thread thread = new Thread(() -> instance(index, ready), names.get(i));
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        ready.await();
        for (ActiveRun run : runs) {
            if (run == null) {
                gate.releaseAll(); // an instance failed before its start: nothing was run yet
                join(threads);
                return result(List.of(), Optional.empty());
            }
            sink.add(run);
        }
        activate.run();
        List<TurnEnd> timeline = new ArrayList<>();
        Map<String, Integer> taken = new HashMap<>();
        Map<String, Integer> lastTurn = new HashMap<>();
        for (int at = 0; at < moves.size(); at++) {
            if (moves.get(at) instanceof Turn turn) {
                lastTurn.put(turn.instance(), at);
            }
        }
        for (int at = 0; at < moves.size(); at++) {
            if (moves.get(at) instanceof Stall stall) {
                // the stalled instance holds at its point (or has ended): nothing of it runs while the clock moves
                gate.awaitSettled(stall.instance(), DyingProcess.stopTimeout());
                instances.clock().orElseThrow().advance(stall.duration());
                timeline.add(end(stall.instance(), TurnEnd.Stop.STALLED, stall.duration()));
                continue;
            }
            if (moves.get(at) instanceof Crash crash) {
                timeline.add(crash(crash));
                continue;
            }
            Turn turn = (Turn) moves.get(at);
            int point = taken.merge(turn.instance(), turn.steps(), Integer::sum);
            if (!gate.hasEnded(turn.instance())) {
                boolean last = lastTurn.get(turn.instance()) == at && !crashes(turn.instance());
                int target = last ? ScheduleGate.END : point;
                timeline.add(end(turn.instance(), gate.turn(turn.instance(), target)));
            }
        }
        Optional<String> deadlock = toTheEnd(timeline);
        join(threads);
        return result(timeline, deadlock);
    }

    /**
     * Kills the instance {@code crash} names where it holds, waits until it has died, and moves the clock; the line of
     * the timeline says where it died.
     */
    private TurnEnd crash(Crash crash) throws InterruptedException {
        String name = crash.instance();
        gate.awaitSettled(name, DyingProcess.stopTimeout());
        TurnEnd died = end(name, TurnEnd.Stop.CRASHED, crash.duration());
        crashed[names.indexOf(name)] = true;
        gate.crash(name);
        gate.awaitEnded(name, DyingProcess.stopTimeout());
        if (!crash.duration().isZero()) {
            instances.clock().orElseThrow().advance(crash.duration());
        }
        return died;
    }

    private boolean crashes(String instance) {
        return moves.stream()
                .anyMatch(
                        move -> move instanceof Crash crash && crash.instance().equals(instance));
    }

    /**
     * Lets every instance that has not ended run to its end, one after another in the order of the instances; a
     * deadlock if none of them reaches a point or ends for the stop timeout. The timeline gets a line when an
     * instance's stop changes.
     */
    private Optional<String> toTheEnd(List<TurnEnd> timeline) throws InterruptedException {
        long limit = DyingProcess.stopTimeout().toNanos();
        long lastProgress = System.nanoTime();
        Map<String, TurnEnd> last = new HashMap<>();
        while (true) {
            List<String> left =
                    names.stream().filter(name -> !gate.hasEnded(name)).toList();
            if (left.isEmpty()) {
                return Optional.empty();
            }
            int before = progress();
            List<TurnEnd> round = new ArrayList<>();
            for (String name : left) {
                TurnEnd end = end(name, gate.turn(name, ScheduleGate.END));
                round.add(end);
                if (!end.equals(last.put(name, end))) {
                    timeline.add(end);
                }
            }
            if (progress() != before) {
                lastProgress = System.nanoTime();
            } else if (System.nanoTime() - lastProgress > limit) {
                gate.releaseAll();
                return Optional.of(InstanceMessages.deadlock(round).sentences());
            }
        }
    }

    /** Points reached and instances ended, all together: what changes while anything goes on. */
    private int progress() {
        int sum = 0;
        for (String name : names) {
            sum += gate.reachedPoints(name) + (gate.hasEnded(name) ? 1 : 0);
        }
        return sum;
    }

    private TurnEnd end(String name, TurnEnd.Stop stop) {
        return end(name, stop, Duration.ZERO);
    }

    /**
     * A line of the timeline; {@code stalled}: how far a stall moved the clock while {@code name} held there, or a
     * crash after it died there.
     */
    private TurnEnd end(String name, TurnEnd.Stop stop, Duration stalled) {
        int point = gate.reachedPoints(name);
        ScheduledInstance instance = scheduled.get(names.indexOf(name));
        String at = gate.hasEnded(name) ? "the end" : instance.describe(point);
        return new TurnEnd(name, stop, point, at, stalled);
    }

    /** The body of an instance's thread: its run, held at its start until its first turn. */
    private void instance(int index, CountDownLatch ready) {
        String name = names.get(index);
        ActiveRun run;
        ProcessContext outside;
        try {
            run = new ActiveRun(new RunKind.Scheduled(watch, scheduled.get(index)));
            outside = run.enter();
            runs[index] = run;
        } catch (RuntimeException | Error bug) {
            thrown[index] = bug;
            gate.ended(name);
            return;
        } finally {
            ready.countDown();
        }
        try {
            gate.reached(name, 0);
            instances.workload(name).run();
        } catch (Throwable failure) {
            thrown[index] = failure;
        } finally {
            run.leave(outside);
        }
        stillBusy[index] = awaitEnd(run, name);
        gate.ended(name);
    }

    /** Waits until the instance's threads and tasks ended or wait, none of them at the gate. */
    private List<String> awaitEnd(ActiveRun run, String name) {
        while (true) {
            List<String> busy = run.awaitStopped();
            if (!busy.isEmpty() || !gate.holding(name)) {
                return busy;
            }
            try {
                gate.awaitNotHolding(name);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of("its thread was interrupted while waiting for its turn");
            }
        }
    }

    private void join(List<Thread> threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(DyingProcess.stopTimeout().toMillis());
        }
    }

    private ScheduledRun result(List<TurnEnd> timeline, Optional<String> deadlock) {
        List<InstanceRun> done = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            InstanceRun.Points points = scheduled.get(i).points();
            done.add(new InstanceRun(
                    names.get(i),
                    points.points(),
                    points.toTheEnd(),
                    Optional.ofNullable(crashed[i] && thrown[i] instanceof SimulatedCrash ? null : thrown[i])
                            .map(Throwable::toString),
                    stillBusy[i] == null
                            ? List.of()
                            : stillBusy[i].stream().map(String::valueOf).toList()));
        }
        return new ScheduledRun(done, timeline, deadlock, List.of());
    }
}
