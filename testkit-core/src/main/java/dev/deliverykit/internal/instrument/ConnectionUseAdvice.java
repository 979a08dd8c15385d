package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Inlined into {@code prepareStatement(String, ...)} and {@code prepareCall(String, ...)} of every
 * {@code java.sql.Connection} implementation: a prepared statement's SQL is known here, whatever the driver.
 * It is remembered even while no run is active, so that a statement prepared once and executed in many
 * runs (a component's statement cache) still matches statement selectors; preparing is rare next to
 * executing, and the execute advice keeps its one-volatile-read idle path.
 */
final class ConnectionUseAdvice {

    private ConnectionUseAdvice() {
    }

    @Advice.OnMethodEnter
    static boolean enter(@Advice.This Object connection, @Advice.Origin("#m") String method) {
        return Dispatcher.active && Dispatcher.connectionUseEnter(connection, method);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean entered,
            @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object statement,
            @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object sql,
            @Advice.Thrown Throwable thrown) {
        if (entered) {
            Dispatcher.connectionUseExit(statement, sql, thrown);
        } else if (thrown == null) {
            Dispatcher.prepared(statement, sql);
        }
    }
}
