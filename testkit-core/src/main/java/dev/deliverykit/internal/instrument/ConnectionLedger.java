package dev.deliverykit.internal.instrument;

import dev.deliverykit.internal.instrument.EngineControls.OpenedBy;
import java.lang.ref.WeakReference;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Every connection constructed since the weaving began, in or outside a run, with who opened it (for a crash to
 * close the dead process's connections), and the connections a crash closed (to refuse a later use of them
 * outside the dead process). Both are held weakly, by identity.
 */
final class ConnectionLedger {

    private static final WeakIdentityMap<OpenedBy> CONNECTIONS = new WeakIdentityMap<>();
    private static final WeakIdentityMap<String> KILLED = new WeakIdentityMap<>();

    private ConnectionLedger() {}

    /** A connection was constructed; a connection's super constructor is woven too, hence the check. */
    static void opened(Object connection) {
        if (CONNECTIONS.get(connection) == null) {
            ProcessContext context = Processes.current();
            CONNECTIONS.put(
                    connection,
                    new OpenedBy(
                            new WeakReference<>(Thread.currentThread()),
                            context == null ? null : context.process(),
                            PoolFrames.opensForAPool(connection.getClass())));
        }
    }

    /** Forgets a connection that is closed for good. */
    static void forget(Object connection) {
        CONNECTIONS.remove(connection);
    }

    /** Every live connection seen constructed, with who opened it. */
    static List<Map.Entry<Object, OpenedBy>> connections() {
        return CONNECTIONS.entries();
    }

    /** The crash closed {@code connection}; {@code why} says what it belonged to. */
    static void killed(Object connection, String why) {
        KILLED.put(connection, why);
    }

    /**
     * A use outside the dead process (recovery) of a connection the crash closed: fails at once with what
     * happened and how to fix it, as the {@link SQLException} a closed connection gets from its driver
     * (SQLState 08003, connection does not exist, so that pools evict it).
     */
    static void refuseIfKilled(Object connection, String operation) {
        String why = KILLED.get(connection);
        if (why != null) {
            ConnectionLedger.<RuntimeException>sneakyThrow(new SQLException(
                    AgentMessages.killedConnectionReused(operation, why).sentences(), "08003"));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable failure) throws T {
        throw (T) failure;
    }
}
