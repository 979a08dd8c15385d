package dev.deliverykit.boundary;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the instances of a scheduled run wait for their turns. An instance passes its points while they are before
 * the point its turns allow it to reach and waits at that point; the scheduler gives one turn at a time and waits
 * until the instance holds at its point, ends, or makes no progress (blocked in the database, or waiting for
 * something the schedule holds back).
 *
 * <p>One monitor for all: instances wait here only between two of their calls, outside the engine's and the
 * drivers' locks.
 */
final class ScheduleGate {

    /** What allows an instance to run to its end. */
    static final int END = Integer.MAX_VALUE;

    private static final class Lane {
        int reached;
        int allowed;
        int holding;
        int insideJdbc;
        boolean ended;
        boolean crashed;
        long progressAt = System.nanoTime();
    }

    private final Map<String, Lane> lanes = new LinkedHashMap<>();
    private final long blockedAfterNanos;
    private final long waitingAfterNanos;
    private boolean released;

    ScheduleGate(List<String> instances, Duration blockedAfter, Duration waitingAfter) {
        for (String instance : instances) {
            lanes.put(instance, new Lane());
        }
        this.blockedAfterNanos = blockedAfter.toNanos();
        this.waitingAfterNanos = waitingAfter.toNanos();
    }

    // ---- the instances' side ------------------------------------------------------------------------------

    /**
     * The calling thread of {@code instance} is at its {@code point}-th point (0: its start); waits for its turn.
     * Returns whether the instance crashed while it waited: then it dies here.
     */
    synchronized boolean reached(String instance, int point) {
        Lane lane = lanes.get(instance);
        lane.reached = Math.max(lane.reached, point);
        lane.progressAt = System.nanoTime();
        if (point < lane.allowed || released || lane.crashed) {
            return lane.crashed;
        }
        lane.holding++;
        notifyAll();
        try {
            while (point >= lane.allowed && !released && !lane.crashed) {
                wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lane.holding--;
            lane.progressAt = System.nanoTime();
        }
        return lane.crashed;
    }

    /** A thread of {@code instance} enters ({@code +1}) or leaves ({@code -1}) a call of the driver. */
    synchronized void insideJdbc(String instance, int change) {
        Lane lane = lanes.get(instance);
        lane.insideJdbc += change;
        lane.progressAt = System.nanoTime();
        if (change < 0) {
            notifyAll();
        }
    }

    /** Whether a thread of {@code instance} waits here. */
    synchronized boolean holding(String instance) {
        return lanes.get(instance).holding > 0;
    }

    /** Waits until no thread of {@code instance} waits here: its next turn came, or the run released everyone. */
    synchronized void awaitNotHolding(String instance) throws InterruptedException {
        while (lanes.get(instance).holding > 0) {
            wait();
        }
    }

    /** The instance's workload returned and its threads and tasks ended or wait. */
    synchronized void ended(String instance) {
        lanes.get(instance).ended = true;
        notifyAll();
    }

    // ---- the scheduler's side -----------------------------------------------------------------------------

    synchronized boolean hasEnded(String instance) {
        return lanes.get(instance).ended;
    }

    /** How many points {@code instance} has reached. */
    synchronized int reachedPoints(String instance) {
        return lanes.get(instance).reached;
    }

    /**
     * Lets {@code instance} run until it holds at its {@code point}-th point ({@link #END}: to its end), and waits
     * until it does, ends, or stops making progress; a stopped instance then holds at its next point, so that it runs
     * no further on its own while the next turns go.
     */
    synchronized TurnEnd.Stop turn(String instance, int point) throws InterruptedException {
        Lane lane = lanes.get(instance);
        lane.allowed = Math.max(lane.allowed, point);
        lane.progressAt = System.nanoTime();
        notifyAll();
        while (true) {
            if (lane.ended) {
                return TurnEnd.Stop.ENDED;
            }
            if (lane.holding > 0 && lane.reached >= lane.allowed) {
                return TurnEnd.Stop.HELD;
            }
            long quiet = System.nanoTime() - lane.progressAt;
            long limit = lane.insideJdbc > 0 ? blockedAfterNanos : waitingAfterNanos;
            if (quiet >= limit && !released) {
                lane.allowed = lane.reached + 1;
                return lane.insideJdbc > 0 ? TurnEnd.Stop.BLOCKED_IN_THE_DATABASE : TurnEnd.Stop.WAITING;
            }
            // progress has no signal of its own (a thread that computes); hence a bounded wait
            wait(Math.max(1, Math.min(50, (limit - quiet) / 1_000_000)));
        }
    }

    /**
     * Waits until {@code instance} holds at its point or has ended, at most {@code timeout}: a turn that ended while it
     * was still inside a call (blocked, or slow) leaves it on its way to the point the turn allowed.
     */
    synchronized void awaitSettled(String instance, Duration timeout) throws InterruptedException {
        Lane lane = lanes.get(instance);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!lane.ended && lane.holding == 0 && !released) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** {@code instance} crashes: its threads that hold at a point, and any that reaches one, die there. */
    synchronized void crash(String instance) {
        lanes.get(instance).crashed = true;
        notifyAll();
    }

    /** Waits until {@code instance} has ended, at most {@code timeout}: a crashed one, until it has died. */
    synchronized void awaitEnded(String instance, Duration timeout) throws InterruptedException {
        Lane lane = lanes.get(instance);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!lane.ended) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Lets every instance run to its end, without holding anywhere: the run is over (a deadlock, a kit failure). */
    synchronized void releaseAll() {
        released = true;
        notifyAll();
    }
}
