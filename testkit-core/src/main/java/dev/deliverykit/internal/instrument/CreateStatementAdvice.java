package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/** Inlined into {@code createStatement(...)} of every {@code java.sql.Connection} implementation. */
final class CreateStatementAdvice {

    private CreateStatementAdvice() {
    }

    @Advice.OnMethodEnter
    static boolean enter(@Advice.This Object connection, @Advice.Origin("#m") String method) {
        return Dispatcher.active && Dispatcher.connectionUseEnter(connection, method);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean entered, @Advice.Thrown Throwable thrown) {
        if (entered) {
            Dispatcher.connectionUseExit(null, null, thrown);
        }
    }
}
