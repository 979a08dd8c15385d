package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.instrument.MethodTarget;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The method of the code under test at which messages arrive, and how to read a message's id from a
 * call of it. Named like the boundary engine's method selectors: the class that declares the method with
 * a body, the method name, and optionally the parameter types (without them, every overload).
 *
 * <pre>{@code
 * // the id is the first argument's toString()
 * EntryPoint.method("com.acme.Inbox#receive(java.lang.String)");
 * // the id is the public accessor eventId() of the first argument (a record component, say)
 * EntryPoint.method(Transport.class, "deliver", Event.class).messageIdFrom("eventId()");
 * // the message is the second argument; the id is its public field (or accessor) "id"
 * EntryPoint.method("com.acme.Handler#handle(java.lang.String,com.acme.Message)").messageArgument(1)
 *         .messageIdFrom("id");
 * // any other way
 * EntryPoint.method(Listener.class, "onMessage").messageIdFrom(m -> ((Envelope) m).header("id"));
 * }</pre>
 *
 * <p>While a call's body is skipped (captured, or omitted by the order) the call returns
 * {@link #returningWhenSkipped(Object) a placeholder}: by default {@code null}, or zero / {@code false} for
 * a primitive return type.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EntryPoint {

    private final String typeName;
    private final String methodName;
    private final List<String> parameterTypes;
    private final int messageArgument;
    private final String accessor;
    private final MessageIdReader reader;
    private final boolean hasPlaceholder;
    private final Object placeholder;

    private EntryPoint(
            String typeName,
            String methodName,
            List<String> parameterTypes,
            int messageArgument,
            String accessor,
            MessageIdReader reader,
            boolean hasPlaceholder,
            Object placeholder) {
        this.typeName = typeName;
        this.methodName = methodName;
        this.parameterTypes = parameterTypes;
        this.messageArgument = messageArgument;
        this.accessor = accessor;
        this.reader = reader;
        this.hasPlaceholder = hasPlaceholder;
        this.placeholder = placeholder;
    }

    /**
     * The method named by reference: {@code com.acme.Transport#deliver} (every overload) or
     * {@code com.acme.Transport#deliver(com.acme.Event)}; nested classes by binary name ({@code Outer$Inner}),
     * arrays as {@code java.lang.String[]}.
     *
     * @throws IllegalArgumentException if the text is not a method reference
     */
    public static EntryPoint method(String reference) {
        Objects.requireNonNull(reference, "reference");
        MethodTarget target = MethodTarget.parse(reference)
                .orElseThrow(() -> new IllegalArgumentException(EntryPointMessages.notAMethodReference(reference)));
        return create(target, reference);
    }

    /** {@code type}'s method {@code name}; with {@code parameterTypes} only that overload, else every overload. */
    public static EntryPoint method(Class<?> type, String name, Class<?>... parameterTypes) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        return create(MethodTarget.of(type, name, parameterTypes), type.getName() + "#" + name);
    }

    private static EntryPoint create(MethodTarget target, String reference) {
        if (!target.namesAMethod()) {
            throw new IllegalArgumentException(EntryPointMessages.notAMethod(reference));
        }
        return new EntryPoint(
                target.typeName(), target.methodName(), target.parameterTypes(), 0, null, null, false, null);
    }

    /** The message is argument {@code index} (from 0) of each call; 0 unless set. */
    public EntryPoint messageArgument(int index) {
        if (index < 0) {
            throw new IllegalArgumentException(EntryPointMessages.argumentBelowZero(index));
        }
        return new EntryPoint(
                typeName, methodName, parameterTypes, index, accessor, reader, hasPlaceholder, placeholder);
    }

    /**
     * The message id is read from the message by a public member: {@code "eventId()"} calls the public no-arg
     * method {@code eventId}; {@code "eventId"} reads the public field {@code eventId}, or, if there is none,
     * calls the public no-arg method {@code eventId()} (a record component). The value's {@code toString()} is
     * the id.
     */
    public EntryPoint messageIdFrom(String accessorName) {
        Objects.requireNonNull(accessorName, "accessorName");
        String name = accessorName.endsWith("()") ? accessorName.substring(0, accessorName.length() - 2) : accessorName;
        if (!isJavaIdentifier(name)) {
            throw new IllegalArgumentException(EntryPointMessages.notAnAccessor(accessorName));
        }
        return new EntryPoint(
                typeName, methodName, parameterTypes, messageArgument, accessorName, null, hasPlaceholder, placeholder);
    }

    /** The message id is whatever {@code idReader} returns for the message. */
    public EntryPoint messageIdFrom(MessageIdReader idReader) {
        Objects.requireNonNull(idReader, "idReader");
        return new EntryPoint(
                typeName, methodName, parameterTypes, messageArgument, null, idReader, hasPlaceholder, placeholder);
    }

    /**
     * What a call returns when the kit skips its body (a captured call, or a message the order omits),
     * instead of {@code null} / zero / {@code false}; it must fit the method's return type.
     */
    public EntryPoint returningWhenSkipped(Object value) {
        return new EntryPoint(typeName, methodName, parameterTypes, messageArgument, accessor, reader, true, value);
    }

    /** {@code com.acme.Transport#deliver(com.acme.Event)}, or {@code com.acme.Transport#deliver} for every overload. */
    public String reference() {
        return typeName + "#" + methodName
                + (parameterTypes == null ? "" : "(" + String.join(",", parameterTypes) + ")");
    }

    /** How the id is read, for messages: {@code eventId() of argument 0}. */
    public String describeMessageId() {
        String source = reader != null ? "a MessageIdReader" : accessor != null ? accessor : "toString()";
        return source + " of argument " + messageArgument;
    }

    String typeName() {
        return typeName;
    }

    String methodName() {
        return methodName;
    }

    /** {@code null}: every overload. */
    List<String> parameterTypes() {
        return parameterTypes;
    }

    int messageArgument() {
        return messageArgument;
    }

    /** {@code null} unless {@link #messageIdFrom(String)}. */
    String accessor() {
        return accessor;
    }

    /** {@code null} unless {@link #messageIdFrom(MessageIdReader)}. */
    MessageIdReader reader() {
        return reader;
    }

    boolean hasPlaceholder() {
        return hasPlaceholder;
    }

    Object placeholder() {
        return placeholder;
    }

    /** {@code com.acme.Transport#deliver(com.acme.Event) (message id: eventId() of argument 0)}. */
    @Override
    public String toString() {
        return reference() + " (message id: " + describeMessageId() + ")";
    }

    private static boolean isJavaIdentifier(String name) {
        if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
            return false;
        }
        return name.chars().skip(1).allMatch(Character::isJavaIdentifierPart);
    }
}
