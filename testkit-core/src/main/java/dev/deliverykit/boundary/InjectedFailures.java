package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.JdbcCall;
import dev.deliverykit.internal.instrument.KnownLibrary;
import dev.deliverykit.internal.instrument.MethodCall;
import dev.deliverykit.internal.instrument.ObservedCall;
import dev.deliverykit.internal.instrument.OutsideCall;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The failures a {@link dev.deliverykit.Fault#FAILURE} run injects, as production sees them: a JDBC call fails as on
 * a lost connection (the connection is rolled back and closed first, so nothing unfinished survives and pools evict
 * it), a watched method fails with an exception it declares. Each is thrown outside the run's lock.
 */
final class InjectedFailures {

    /** SQLState of a lost connection; HikariCP and Spring treat class 08 as a broken connection. */
    static final String CONNECTION_FAILURE = "08006";

    /** SQLState of a commit whose outcome the caller cannot know (the standard's transaction resolution unknown). */
    static final String COMMIT_OUTCOME_UNKNOWN = "08007";

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private InjectedFailures() {}

    /** The failure of {@code call} at {@code where}, as its kind of call fails. */
    static Runnable at(String where, ObservedCall call) {
        if (call instanceof JdbcCall jdbc) {
            return jdbc(where, jdbc);
        }
        return call instanceof OutsideCall outside ? outside(where, outside) : method(where, (MethodCall) call);
    }

    /** The failure of a JDBC call at {@code where}: before it, nothing applied; after it, applied and unanswered. */
    private static Runnable jdbc(String where, JdbcCall call) {
        boolean after = call.timing() == JdbcCall.Timing.AFTER;
        boolean commit = call.transactionEnd() == JdbcCall.TransactionEnd.COMMIT;
        String what;
        if (!after) {
            what = InjectedFailureMessages.lostBefore(call.operation());
        } else if (commit) {
            what = InjectedFailureMessages.lostAfterCommit();
        } else {
            what = InjectedFailureMessages.lostAfter(call.operation());
        }
        SQLException failure = new SQLException(
                InjectedFailureMessages.connectionLost(where, what),
                after && commit ? COMMIT_OUTCOME_UNKNOWN : CONNECTION_FAILURE);
        Object connection = call.connection();
        return () -> {
            if (connection instanceof Connection open) {
                ProcessKill.killOne(open).forEach(failure::addSuppressed);
            }
            throw InjectedFailures.<RuntimeException>sneaky(failure);
        };
    }

    /**
     * The failure of a call that leaves the JVM at {@code where}, as the {@link IOException} of a broken connection or
     * a full disk: before it, nothing left; after it, the bytes left and the call fails before it returns.
     */
    private static Runnable outside(String where, OutsideCall call) {
        String what = call.timing() == OutsideCall.Timing.BEFORE
                ? InjectedFailureMessages.outsideBefore(call.describe())
                : InjectedFailureMessages.outsideAfter(call.describe());
        IOException failure = new IOException(InjectedFailureMessages.injected(what, where));
        return () -> {
            throw InjectedFailures.<RuntimeException>sneaky(failure);
        };
    }

    /**
     * The failure of a watched method at {@code where}: at its entry it fails before it runs; at its exit it ran (its
     * effect happened) and fails as on a timeout. It throws the first checked exception the method declares that can be
     * made from a message (such as {@code JMSException}, {@code IOException}), else an {@link InjectedFailureException}.
     */
    private static Runnable method(String where, MethodCall call) {
        String what = switch (call.point()) {
            case ENTRY -> InjectedFailureMessages.methodBefore(call.signature());
            case NORMAL_EXIT -> InjectedFailureMessages.methodAfter(call.signature());
            case EXCEPTIONAL_EXIT -> InjectedFailureMessages.methodAfterThrowing(call.signature(), call.thrown());
        };
        String message = InjectedFailureMessages.injected(what, where);
        return () -> { // outside the run's lock: the method's exception constructor is code of the application
            Optional<Class<?>> declaring = declaringClass(call);
            Throwable failure = declaring
                    .flatMap(type -> declared(type, call, message))
                    .or(() -> declaring.flatMap(type -> clientsOwn(type, message)))
                    .orElseGet(() -> new InjectedFailureException(message));
            throw InjectedFailures.<RuntimeException>sneaky(failure);
        };
    }

    /** The class of the watched method's frame on the calling thread's stack. */
    private static Optional<Class<?>> declaringClass(MethodCall call) {
        return WALKER.walk(frames -> frames.filter(frame -> frame.getClassName().equals(call.typeName())
                        && frame.getMethodName().equals(call.methodName()))
                .findFirst()
                .map(StackWalker.StackFrame::getDeclaringClass));
    }

    private static Optional<Throwable> declared(Class<?> type, MethodCall call, String message) {
        return Arrays.stream(type.getDeclaredMethods())
                .filter(method -> method.getName().equals(call.methodName())
                        && Arrays.stream(method.getParameterTypes())
                                .map(Class::getTypeName)
                                .toList()
                                .equals(call.parameterTypes()))
                .findFirst()
                .flatMap(method -> checkedException(method, message));
    }

    /** Unchecked exceptions a client library fails with where its methods declare none, by the library's package. */
    private static final Map<KnownLibrary, String> CLIENT_FAILURES =
            Map.of(KnownLibrary.KAFKA, "org.apache.kafka.common.errors.TimeoutException");

    /** The failure a broker client throws on a timeout, for a method of its own that declares none (Kafka's). */
    private static Optional<Throwable> clientsOwn(Class<?> type, String message) {
        for (Map.Entry<KnownLibrary, String> client : CLIENT_FAILURES.entrySet()) {
            if (!client.getKey().covers(type.getName())) {
                continue;
            }
            try {
                Class<?> failure = Class.forName(client.getValue(), false, type.getClassLoader());
                return Optional.of(
                        (Throwable) failure.getConstructor(String.class).newInstance(message));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError absent) {
                // the kit's own below
            }
        }
        return Optional.empty();
    }

    private static Optional<Throwable> checkedException(Method method, String message) {
        for (Class<?> type : method.getExceptionTypes()) {
            if (RuntimeException.class.isAssignableFrom(type)
                    || Error.class.isAssignableFrom(type)
                    || type == InterruptedException.class) {
                continue;
            }
            try {
                Constructor<?> constructor = type.getConstructor(String.class);
                return Optional.of((Throwable) constructor.newInstance(message));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError notFromAMessage) {
                // the next declared type, or the kit's own
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable failure) throws T {
        throw (T) failure;
    }
}
