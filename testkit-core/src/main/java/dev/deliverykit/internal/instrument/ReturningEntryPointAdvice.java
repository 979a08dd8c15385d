package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Inlined into the entry-point methods that return a value. Like {@link EntryPointAdvice}, and a skipped
 * call returns the placeholder the dispatcher chose instead of the type's default value.
 */
final class ReturningEntryPointAdvice {

    private ReturningEntryPointAdvice() {}

    @Advice.OnMethodEnter(skipOn = SkippedCall.class)
    static Object enter(
            @Advice.Origin Class<?> type,
            @Advice.Origin("#m|#d") String method,
            @Advice.This(optional = true) Object receiver,
            @Advice.AllArguments Object[] arguments) {
        return DeliveryDispatcher.active ? DeliveryDispatcher.enter(type, method, receiver, arguments) : null;
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(
            @Advice.Enter Object token,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned,
            @Advice.Thrown Throwable thrown) {
        if (token != null) {
            returned = DeliveryDispatcher.exit(token, returned, thrown);
        }
    }
}
