package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into {@code addBatch(String)} and {@code clearBatch()}, so a plain statement's batch has SQL. */
final class StatementBatchAdvice {

    private StatementBatchAdvice() {
    }

    @Advice.OnMethodExit
    static void exit(@Advice.This Object statement,
            @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object sql) {
        if (Dispatcher.active) {
            if (sql == null) {
                Dispatcher.batchCleared(statement);
            } else {
                Dispatcher.batchAdded(statement, sql);
            }
        }
    }
}
