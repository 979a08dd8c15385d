package dev.deliverykit.internal.instrument;

/**
 * Routes the calls that leave the JVM, reported by the JDK's woven sockets, files and HTTP client through the
 * bootstrap bridge, to the run: only a call of a thread of some process whose run observes them, never one inside
 * a JDBC call (whose driver's traffic is the database's), nor one of the kit's or a logger's own (see
 * {@link OutsideFrames}). The sink's own calls (writing a child's report at its halt) are not seen. In or outside
 * a run, a connect is also told to {@link JdbcServers}, which keeps the local servers JDBC connections reach.
 */
final class OutsideRouting {

    /** The code of a connect, before it runs: the one call {@link JdbcServers} hears of. */
    private static final int CONNECTING = OutsideCall.code(OutsideCall.Kind.CONNECT, OutsideCall.Timing.BEFORE);

    private OutsideRouting() {}

    /** The bridge's hook while no run is active: only the servers that JDBC connections reach are kept. */
    static void idle(Object target, int code) {
        if (code == CONNECTING) {
            JdbcServers.connecting(target);
        }
    }

    /** The bridge's hook while a run is active: {@code code} names the kind and before or after. */
    static void outside(Object target, int code) {
        idle(target, code);
        BoundarySink current = RunSink.current();
        ProcessContext context = Processes.current();
        if (current == null || context == null || !context.process().observesOutsideCalls()) {
            return;
        }
        CallDepth depth = CallDepth.current();
        if (depth.inside() || RunSink.outsideTheDeadProcess(current)) {
            return;
        }
        depth.enter();
        try {
            OutsideCall call = OutsideCall.of(target, code);
            if (call == null) {
                return;
            }
            OutsideFrames.Caller caller = depth.callerOf(target, code);
            if (caller != OutsideFrames.Caller.INFRASTRUCTURE) {
                current.outside(caller == OutsideFrames.Caller.BROKER_CLIENT ? call.byABrokerClient() : call);
            }
        } catch (RuntimeException bug) {
            current.kitFailure("a call that leaves the JVM", bug);
        } finally {
            depth.exit();
        }
    }
}
