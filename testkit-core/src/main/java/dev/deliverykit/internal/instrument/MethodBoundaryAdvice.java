package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/** Inlined into the methods that a method selector names, and nowhere else. */
final class MethodBoundaryAdvice {

    private MethodBoundaryAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin("#t|#m|#d") String origin) {
        if (Dispatcher.active) {
            Dispatcher.methodEnter(origin);
        }
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Origin("#t|#m|#d") String origin, @Advice.Thrown Throwable thrown) {
        if (Dispatcher.active) {
            Dispatcher.methodExit(origin, thrown);
        }
    }
}
