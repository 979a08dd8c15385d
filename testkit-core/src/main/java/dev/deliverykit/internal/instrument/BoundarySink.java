package dev.deliverykit.internal.instrument;

/**
 * Receives the events of an active run from the {@link Dispatcher}. Implemented by the engine (outside
 * this package) so that this package knows nothing of boundaries, plans or crash modes.
 *
 * <p>Every method is called only while a run is active, on the thread that made the call, and only for
 * the outermost JDBC call on that thread (a pool's wrapper statement and the driver's statement under
 * it are one event). A method may throw to crash the calling code at that point.
 */
public interface BoundarySink {

    /** A JDBC statement, commit or rollback is about to run, or a connection method is about to be used. */
    void beforeJdbc(JdbcCall call);

    /** A JDBC statement, commit or rollback returned normally. */
    void afterJdbc(JdbcCall call);

    /** A connection object was constructed (its class implements {@code java.sql.Connection}). */
    void connectionCreated(Object connection);

    /** A method of a watched type was entered, or left normally or by an exception. */
    void method(MethodCall call);
}
