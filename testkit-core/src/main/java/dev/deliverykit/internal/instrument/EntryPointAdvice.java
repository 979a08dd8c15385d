package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into the entry-point methods of an ordered-delivery run, and nowhere else: its enter into every one
 * (the body is skipped when the dispatcher answers with a {@link SkippedCall}), its exit into the {@code void}
 * ones; those that return a value get {@link ReturningEntryPointAdvice}'s exit instead.
 */
final class EntryPointAdvice {

    private EntryPointAdvice() {}

    @Advice.OnMethodEnter(skipOn = SkippedCall.class)
    static Object enter(
            @Advice.Origin Class<?> type,
            @Advice.Origin("#m|#d") String method,
            @Advice.This(optional = true) Object receiver,
            @Advice.AllArguments Object[] arguments) {
        // The argument array is only built when this branch is taken.
        return DeliveryDispatcher.active ? DeliveryDispatcher.enter(type, method, receiver, arguments) : null;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter Object token, @Advice.Thrown Throwable thrown) {
        if (token != null) {
            DeliveryDispatcher.exit(token, null, thrown);
        }
    }
}
