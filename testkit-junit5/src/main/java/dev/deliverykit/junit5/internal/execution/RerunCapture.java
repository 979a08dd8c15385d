package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.internal.rerun.RerunInvocation;
import dev.deliverykit.junit5.internal.rerun.RerunJvmPool;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Takes, when JUnit invokes the test method of a {@code CHILD_PROCESS} case, what a child JVM needs to rerun the
 * invocation ({@link RerunInvocation}). In a child JVM it is the kit's frame between JUnit and the test method.
 * Stateless: the invocation's {@link CaseRun} lives in its store.
 */
final class RerunCapture implements InvocationInterceptor {

    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        Optional<CaseRun> run = CaseRun.of(extensionContext);
        if (run.isPresent()
                && run.get() instanceof CrashRun crash
                && crash.crashCase().mode() == CrashMode.CHILD_PROCESS) {
            crash.invoked(
                    RerunInvocation.of(
                            extensionContext, invocationContext.getExecutable(), invocationContext.getArguments()),
                    RerunJvmPool.of(extensionContext, crash.settings()));
        }
        invocation.proceed();
    }
}
