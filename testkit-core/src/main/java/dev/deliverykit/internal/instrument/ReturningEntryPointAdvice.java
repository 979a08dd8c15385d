package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * The exit inlined into the entry-point methods that return a value, after {@link EntryPointAdvice}'s enter:
 * a skipped call returns the placeholder the dispatcher chose instead of the type's default value.
 */
final class ReturningEntryPointAdvice {

    private ReturningEntryPointAdvice() {}

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
