package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/** Inlined into {@code commit()} and {@code rollback()} of every {@code java.sql.Connection} implementation. */
final class TransactionAdvice {

    private TransactionAdvice() {
    }

    @Advice.OnMethodEnter
    static boolean enter(@Advice.This Object connection, @Advice.Origin("#m") String method) {
        return Dispatcher.active && Dispatcher.transactionEnter(connection, method);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean entered, @Advice.This Object connection,
            @Advice.Origin("#m") String method, @Advice.Thrown Throwable thrown) {
        if (entered) {
            Dispatcher.transactionExit(connection, method, thrown);
        }
    }
}
