package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import dev.deliverykit.time.KitClock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Receives the events of a scheduled run, whose instances are processes of their own, and hands each to the run of
 * the calling thread's instance. A call of a thread of no instance goes to the first instance's run, which tells it
 * as an outsider's, as a single run does.
 *
 * <p>When the instances run on the kit's clock, it notes each statement of theirs that has the database compute the
 * time ({@link DatabaseTime}); when their reads of the time are woven, it gives their threads that clock.
 */
final class InstancesSink implements BoundarySink {

    private final List<ActiveRun> runs = new CopyOnWriteArrayList<>();
    private final Instances instances;
    private final long clockAtStart;
    /** The notes of the run, each once, in the order met; guarded by itself. */
    private final Set<String> notes = new LinkedHashSet<>();

    InstancesSink(Instances instances) {
        this.instances = instances;
        this.clockAtStart = instances.clock().map(KitClock::nanoTime).orElse(0L);
    }

    /** The run of an instance, in the order of the instances; once all are added, their time may be woven. */
    void add(ActiveRun run) {
        runs.add(run);
        if (runs.size() == instances.size()) {
            instances.wovenClock().ifPresent(clock -> EngineControls.clockHook(sleep -> clockOfCaller(clock, sleep)));
        }
    }

    @Override
    public boolean runs(BoundarySink process) {
        return process == this || runs.contains(process);
    }

    /** The run has ended: no thread reads the kit's clock any more. */
    void close() {
        if (instances.wovenClock().isPresent()) {
            EngineControls.clockHook(null);
        }
    }

    /**
     * What the run should tell its user beyond its outcome: reads of the database's clock, once the kit's clock mattered
     * to the run (its reads woven, or the clock moved while it ran); a clock nobody used makes no database time wrong.
     */
    List<String> notes() {
        boolean clockUsed = instances.wovenClock().isPresent()
                || instances
                        .clock()
                        .map(clock -> clock.nanoTime() != clockAtStart)
                        .orElse(false);
        synchronized (notes) {
            return clockUsed ? List.copyOf(notes) : List.of();
        }
    }

    /** The kit's clock for a thread of an instance, moved past {@code sleepNanos} first; {@code null} for others. */
    private KitClock clockOfCaller(KitClock clock, long sleepNanos) {
        ProcessContext context = Processes.current();
        if (context == null || !(context.process() instanceof ActiveRun run) || !runs.contains(run)) {
            return null;
        }
        if (sleepNanos > 0) {
            clock.advanceTo(clock.instant().plusNanos(sleepNanos));
        }
        return clock;
    }

    private void noteDatabaseTime(JdbcCall call) {
        if (instances.clock().isEmpty() || call.kind() != JdbcCall.Kind.STATEMENT) {
            return;
        }
        ProcessContext context = Processes.current();
        int index = context == null ? -1 : runs.indexOf(context.process());
        if (index < 0) {
            return;
        }
        DatabaseTime.read(call.sql()).ifPresent(function -> {
            String note = InstanceMessages.databaseTime(instances.names().get(index), function, call.sql())
                    .sentences();
            synchronized (notes) {
                notes.add(note);
            }
        });
    }

    private ActiveRun runOfCaller() {
        ProcessContext context = Processes.current();
        if (context != null && context.process() instanceof ActiveRun run && runs.contains(run)) {
            return run;
        }
        return runs.get(0);
    }

    @Override
    public void beforeJdbc(JdbcCall call) {
        noteDatabaseTime(call);
        runOfCaller().beforeJdbc(call);
    }

    @Override
    public void afterJdbc(JdbcCall call) {
        runOfCaller().afterJdbc(call);
    }

    @Override
    public void leftJdbc() {
        runOfCaller().leftJdbc();
    }

    @Override
    public void connectionCreated(Object connection) {
        runOfCaller().connectionCreated(connection);
    }

    @Override
    public void dataSourceUsed(Object dataSource) {
        runOfCaller().dataSourceUsed(dataSource);
    }

    @Override
    public void method(MethodCall call) {
        runOfCaller().method(call);
    }

    @Override
    public void outside(OutsideCall call) {
        runOfCaller().outside(call);
    }

    @Override
    public void kitFailure(String where, Throwable error) {
        runOfCaller().kitFailure(where, error);
    }
}
