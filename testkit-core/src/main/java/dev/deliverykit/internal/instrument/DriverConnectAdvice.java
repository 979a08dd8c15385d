package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code connect(String, Properties)} of every {@code java.sql.Driver} implementation: the
 * statements a driver runs while opening a connection (sqlite-jdbc's pragmas) are nested calls, not
 * boundaries of the code under test.
 */
final class DriverConnectAdvice {

    private DriverConnectAdvice() {
    }

    @Advice.OnMethodEnter
    static boolean enter() {
        return Dispatcher.active && Dispatcher.nestedEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean entered) {
        if (entered) {
            Dispatcher.nestedExit();
        }
    }
}
