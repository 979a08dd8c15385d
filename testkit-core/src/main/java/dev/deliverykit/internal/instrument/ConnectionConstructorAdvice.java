package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/** Inlined into constructors of every {@code java.sql.Connection} implementation: tracks what a run opened. */
final class ConnectionConstructorAdvice {

    private ConnectionConstructorAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin Class<?> type) {
        if (Dispatcher.active) {
            Dispatcher.connectionConstructing(type);
        }
    }

    @Advice.OnMethodExit
    static void exit(@Advice.This Object connection) {
        if (Dispatcher.active) {
            Dispatcher.connectionConstructed(connection);
        }
    }
}
