package dev.deliverykit.order;

import dev.deliverykit.internal.instrument.InterceptedCall;
import dev.deliverykit.internal.instrument.MethodTarget;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * An {@link EntryPoint} checked against the loaded class before anything runs: the methods it names, the
 * placeholder each returns when skipped, and how a call's message id is read.
 */
final class ResolvedEntryPoint {

    private final EntryPoint entryPoint;
    private final Map<String, Method> methods;
    private final Map<Class<?>, Optional<Member>> accessors = new ConcurrentHashMap<>();

    private ResolvedEntryPoint(EntryPoint entryPoint, Map<String, Method> methods) {
        this.entryPoint = entryPoint;
        this.methods = methods;
    }

    /**
     * Loads the entry point's class and checks that it declares the method with a body, that the method
     * takes the message argument, that a placeholder fits its return type, and (when the message type is
     * final) that the accessor exists.
     *
     * @throws IllegalArgumentException naming what is wrong and how to fix it
     */
    static ResolvedEntryPoint resolve(EntryPoint entryPoint) {
        Class<?> type = load(entryPoint);
        List<Method> matching = Arrays.stream(type.getDeclaredMethods())
                .filter(method -> method.getName().equals(entryPoint.methodName())
                        && !method.isSynthetic()
                        && !Modifier.isAbstract(method.getModifiers())
                        && !Modifier.isNative(method.getModifiers()))
                .filter(method -> entryPoint.parameterTypes() == null
                        || entryPoint
                                .parameterTypes()
                                .equals(Arrays.stream(method.getParameterTypes())
                                        .map(Class::getTypeName)
                                        .toList()))
                .sorted(Comparator.comparing(ResolvedEntryPoint::signature))
                .toList();
        if (matching.isEmpty()) {
            String declared = Arrays.stream(type.getDeclaredMethods())
                    .filter(method -> !method.isSynthetic())
                    .map(ResolvedEntryPoint::signature)
                    .distinct()
                    .sorted()
                    .collect(Collectors.joining(", "));
            throw new IllegalArgumentException(EntryPointMessages.noMethod(
                            entryPoint.reference(),
                            type.getName(),
                            entryPoint.methodName(),
                            entryPoint.parameterTypes(),
                            declared)
                    .sentences());
        }
        Map<String, Method> byDescriptor = new LinkedHashMap<>();
        for (Method method : matching) {
            if (method.getParameterCount() <= entryPoint.messageArgument()) {
                throw new IllegalArgumentException(EntryPointMessages.tooFewArguments(
                                signature(method),
                                type.getName(),
                                entryPoint.messageArgument(),
                                method.getParameterCount())
                        .sentences());
            }
            checkAccessor(entryPoint, method);
            placeholderFor(entryPoint, method);
            byDescriptor.put(
                    method.getName() + "|"
                            + MethodType.methodType(method.getReturnType(), method.getParameterTypes())
                                    .toMethodDescriptorString(),
                    method);
        }
        return new ResolvedEntryPoint(entryPoint, byDescriptor);
    }

    private static Class<?> load(EntryPoint entryPoint) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader()
                : ClassLoader.getSystemClassLoader();
        Class<?> type;
        try {
            type = Class.forName(entryPoint.typeName(), false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(
                    EntryPointMessages.classNotFound(entryPoint.reference(), entryPoint.typeName(), loader)
                            .sentences());
        }
        if (type.getClassLoader() == null) {
            throw new IllegalArgumentException(EntryPointMessages.bootstrapClass(entryPoint.reference(), type.getName())
                    .sentences());
        }
        if (type.isInterface()) {
            throw new IllegalArgumentException(EntryPointMessages.isInterface(entryPoint.reference(), type.getName())
                    .sentences());
        }
        return type;
    }

    /**
     * Makes the methods invocable by the kit (to release captured calls), even when they or their class are
     * not public.
     *
     * @throws IllegalArgumentException if a module does not open its package to the kit
     */
    void requireInvocable() {
        for (Method method : methods.values()) {
            if (!method.trySetAccessible()) {
                throw new IllegalArgumentException(
                        EntryPointMessages.notInvocable(signature(method), method.getDeclaringClass())
                                .sentences());
            }
        }
    }

    /** Whether a named method is {@code synchronized}: a sender held inside it keeps the receiver's monitor. */
    boolean isSynchronized() {
        return methods.values().stream().anyMatch(method -> Modifier.isSynchronized(method.getModifiers()));
    }

    /** The methods to weave the entry-point advice into. */
    List<MethodTarget> targets() {
        return List.of(new MethodTarget(entryPoint.typeName(), entryPoint.methodName(), entryPoint.parameterTypes()));
    }

    EntryPoint entryPoint() {
        return entryPoint;
    }

    /** The method an intercepted call entered. */
    Method method(InterceptedCall call) {
        Method method = methods.get(call.methodName() + "|" + call.descriptor());
        if (method == null) {
            throw new IllegalStateException(
                    EntryPointMessages.interceptedUnnamed(call.signature(), entryPoint.reference()));
        }
        return method;
    }

    /** What a skipped call of {@code method} returns. */
    Object placeholder(Method method) {
        return placeholderFor(entryPoint, method);
    }

    /**
     * The message id of a call.
     *
     * @throws UnreadableIdException saying why not
     */
    String messageId(InterceptedCall call) throws UnreadableIdException {
        Object message = call.arguments().get(entryPoint.messageArgument());
        if (message == null) {
            throw new UnreadableIdException(EntryPointMessages.nullMessage(entryPoint.messageArgument()));
        }
        Object id;
        if (entryPoint.reader() != null) {
            try {
                id = entryPoint.reader().idOf(message);
            } catch (RuntimeException e) {
                throw new UnreadableIdException(EntryPointMessages.readerThrew(e), e);
            }
        } else if (entryPoint.accessor() != null) {
            id = read(message);
        } else {
            id = message;
        }
        String text = id == null ? null : id.toString();
        if (text == null || text.isEmpty()) {
            throw new UnreadableIdException(
                    EntryPointMessages.noId(entryPoint.describeMessageId(), text == null, describe(message)));
        }
        return text;
    }

    private Object read(Object message) throws UnreadableIdException {
        Optional<Member> found =
                accessors.computeIfAbsent(message.getClass(), type -> findAccessor(entryPoint.accessor(), type));
        if (found.isEmpty()) {
            throw new UnreadableIdException(
                    EntryPointMessages.accessorMissing(message.getClass().getName(), missing(entryPoint.accessor())));
        }
        Member member = found.get();
        try {
            if (member instanceof Field field) {
                return field.get(message);
            }
            return ((Method) member).invoke(message);
        } catch (IllegalAccessException e) {
            throw new UnreadableIdException(
                    EntryPointMessages.accessorInaccessible(
                            entryPoint.accessor(), message.getClass().getName(), e.getMessage()),
                    e);
        } catch (InvocationTargetException e) {
            throw new UnreadableIdException(
                    EntryPointMessages.accessorThrew(entryPoint.accessor(), e.getCause()), e.getCause());
        }
    }

    private static void checkAccessor(EntryPoint entryPoint, Method method) {
        Class<?> messageType = method.getParameterTypes()[entryPoint.messageArgument()];
        if (entryPoint.accessor() == null || !Modifier.isFinal(messageType.getModifiers()) || messageType.isArray()) {
            return; // a subclass of a non-final message type may still declare it: checked per call
        }
        if (messageType.isPrimitive()
                || findAccessor(entryPoint.accessor(), messageType).isEmpty()) {
            throw new IllegalArgumentException(EntryPointMessages.noAccessor(
                            signature(method),
                            method.getDeclaringClass().getName(),
                            entryPoint.messageArgument(),
                            messageType.getTypeName(),
                            missing(entryPoint.accessor()))
                    .sentences());
        }
    }

    /** The public no-arg method or public field named by {@code accessor} on {@code type}. */
    private static Optional<Member> findAccessor(String accessor, Class<?> type) {
        boolean methodOnly = accessor.endsWith("()");
        String name = methodOnly ? accessor.substring(0, accessor.length() - 2) : accessor;
        Member found = null;
        if (!methodOnly) {
            try {
                Field field = type.getField(name);
                found = Modifier.isStatic(field.getModifiers()) ? null : field;
            } catch (NoSuchFieldException e) {
                found = null;
            }
        }
        if (found == null) {
            try {
                Method method = type.getMethod(name);
                found = Modifier.isStatic(method.getModifiers()) || method.getReturnType() == void.class
                        ? null
                        : method;
            } catch (NoSuchMethodException e) {
                found = null;
            }
        }
        if (found == null) {
            return Optional.empty();
        }
        ((AccessibleObject) found).trySetAccessible(); // a public member of a non-public class
        return Optional.of(found);
    }

    private static String missing(String accessor) {
        String name = accessor.endsWith("()") ? accessor.substring(0, accessor.length() - 2) : accessor;
        return accessor.endsWith("()")
                ? "no public no-arg method " + accessor
                : "neither a public field " + name + " nor a public no-arg method " + name + "()";
    }

    private static Object placeholderFor(EntryPoint entryPoint, Method method) {
        Class<?> returns = method.getReturnType();
        if (returns == void.class) {
            return null;
        }
        if (!entryPoint.hasPlaceholder()) {
            return returns.isPrimitive() ? zero(returns) : null;
        }
        Object value = entryPoint.placeholder();
        Class<?> boxed = MethodType.methodType(returns).wrap().returnType();
        if (returns.isPrimitive() ? !boxed.isInstance(value) : value != null && !returns.isInstance(value)) {
            throw new IllegalArgumentException(EntryPointMessages.wrongPlaceholder(
                            describe(value),
                            signature(method),
                            method.getDeclaringClass().getName(),
                            returns)
                    .sentences());
        }
        return value;
    }

    private static Object zero(Class<?> primitive) {
        if (primitive == boolean.class) {
            return Boolean.FALSE;
        }
        if (primitive == char.class) {
            return (char) 0;
        }
        if (primitive == byte.class) {
            return (byte) 0;
        }
        if (primitive == short.class) {
            return (short) 0;
        }
        if (primitive == int.class) {
            return 0;
        }
        if (primitive == long.class) {
            return 0L;
        }
        if (primitive == float.class) {
            return 0f;
        }
        return 0d;
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getName() + " " + value;
    }

    static String signature(Method method) {
        return method.getName() + "("
                + Arrays.stream(method.getParameterTypes())
                        .map(Class::getTypeName)
                        .collect(Collectors.joining(",")) + ")";
    }
}
