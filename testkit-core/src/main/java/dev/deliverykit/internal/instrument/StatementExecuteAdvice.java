package dev.deliverykit.internal.instrument;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined into {@code execute*} methods of every {@code java.sql.Statement} implementation. */
final class StatementExecuteAdvice {

    private StatementExecuteAdvice() {
    }

    @Advice.OnMethodEnter
    static boolean enter(@Advice.This Object statement,
            @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object sql) {
        return Dispatcher.active && Dispatcher.statementEnter(statement, sql);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Enter boolean entered, @Advice.This Object statement,
            @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object sql,
            @Advice.Thrown Throwable thrown) {
        if (entered) {
            Dispatcher.statementExit(statement, sql, thrown);
        }
    }
}
