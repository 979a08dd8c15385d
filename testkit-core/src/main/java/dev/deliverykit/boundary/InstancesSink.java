package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import dev.deliverykit.internal.instrument.ProcessContext;
import dev.deliverykit.internal.instrument.Processes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Receives the events of a scheduled run, whose instances are processes of their own, and hands each to the run of
 * the calling thread's instance. A call of a thread of no instance goes to the first instance's run, which tells it
 * as an outsider's, as a single run does.
 */
final class InstancesSink implements BoundarySink {

    private final List<ActiveRun> runs = new CopyOnWriteArrayList<>();

    /** The run of an instance, in the order of the instances. */
    void add(ActiveRun run) {
        runs.add(run);
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
