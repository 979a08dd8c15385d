package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A call of the process that the engine observes: a JDBC call, a watched method's entry or exit, or a call that
 * leaves the JVM.
 */
@API(status = INTERNAL, since = "0.1")
public sealed interface ObservedCall permits JdbcCall, MethodCall, OutsideCall {

    /** What the call is, in a few words, for a message about it: {@code Connection.commit()}, a signature, .... */
    String operation();
}
