package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.ObservedCall;
import java.util.ArrayList;
import java.util.List;

/**
 * One instance of a scheduled run as its run sees it: each call that records hits is one of its points, where it
 * waits for its turn at the {@link ScheduleGate}; what it touches between two points makes the step that ends at the
 * second ({@link StepAccesses}). Guarded by itself, taken inside the run's lock; the waiting is done outside both.
 */
final class ScheduledInstance {

    private final String name;
    private final ScheduleGate gate;
    private final StepAccesses accesses = new StepAccesses();
    private final List<InstancePoint> points = new ArrayList<>();

    ScheduledInstance(String name, ScheduleGate gate) {
        this.name = name;
        this.gate = gate;
    }

    String name() {
        return name;
    }

    /** A JDBC call of the instance goes to the driver. */
    synchronized void calling(JdbcCall call) {
        accesses.calling(call);
        gate.insideJdbc(name, 1);
    }

    /** A call of the instance left the JVM (a socket, a file, an HTTP request): its step touches everything. */
    synchronized void leftTheJvm() {
        accesses.effect();
    }

    /** A thread of the instance opens a connection (its end is told as {@link #called}). */
    synchronized void opening() {
        gate.insideJdbc(name, 1);
    }

    /** The instance's outermost JDBC call, or its opening of a connection, ended. */
    synchronized void called() {
        accesses.called();
        gate.insideJdbc(name, -1);
    }

    /**
     * {@code call} recorded {@code hits}, a point of the instance: returns what waits for its turn, to be run outside
     * the run's lock, and runs {@code die} if the instance crashed there.
     */
    synchronized Runnable point(ObservedCall call, List<BoundaryHit> hits, Runnable die) {
        if (!(call instanceof JdbcCall)) {
            accesses.effect();
        }
        InstancePoint point = new InstancePoint(points.size() + 1, hits, accesses.step(InstancePoint.describe(hits)));
        points.add(point);
        int index = point.index();
        return () -> {
            if (gate.reached(name, index)) {
                die.run();
            }
        };
    }

    /** How the {@code index}-th point is said in a timeline: {@code its start} for the 0th. */
    synchronized String describe(int index) {
        return index == 0 ? "its start" : points.get(index - 1).describe();
    }

    /** The points so far, and the step from the last one to the end. */
    synchronized InstanceRun.Points points() {
        return new InstanceRun.Points(List.copyOf(points), accesses.step("the end"));
    }
}
