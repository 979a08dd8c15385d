package dev.deliverykit.order;

import dev.deliverykit.internal.text.Message;
import java.util.List;

/** The messages of an entry point the kit cannot use: its class, its method, its message id or its advice. */
final class EntryPointMessages {

    private EntryPointMessages() {}

    /** The class of {@code reference} is not on the class path of {@code loader}. */
    static Message classNotFound(String reference, String typeName, ClassLoader loader) {
        return Message.of(
                "Cannot use " + reference + " as an entry point: class " + typeName + " is not found by " + loader,
                "the binary name of a class on the class path (Outer$Inner for a nested class)",
                "correct the class name");
    }

    /** The class of {@code reference} is a JDK class, which the kit does not weave. */
    static Message bootstrapClass(String reference, String typeName) {
        return Message.of(
                "Cannot use " + reference + " as an entry point: " + typeName + " is a JDK class loaded by the"
                        + " bootstrap class loader, which the kit does not instrument",
                "an application or library class",
                "name the method of your code at which messages arrive");
    }

    /** The class of {@code reference} is an interface. */
    static Message isInterface(String reference, String typeName) {
        return Message.of(
                "Cannot use " + reference + " as an entry point: " + typeName + " is an interface",
                "the class that implements the method",
                "name the implementing class");
    }

    /**
     * The class declares no such method with a body.
     *
     * @param parameterTypes the parameter types the reference names, or {@code null} for any
     * @param declared the signatures of the class's declared methods, sorted
     */
    static Message noMethod(
            String reference, String typeName, String methodName, List<String> parameterTypes, String declared) {
        return Message.of(
                "Cannot use " + reference + " as an entry point: " + typeName + " declares no method " + methodName
                        + (parameterTypes == null ? "" : "(" + String.join(",", parameterTypes) + ")")
                        + " with a body. Its declared methods: " + (declared.isEmpty() ? "none" : declared),
                "the class that declares and implements the method (not an interface, nor a subclass that inherits"
                        + " it)",
                "name that class, or correct the method name or parameter types");
    }

    /** The method takes fewer arguments than the message's index. */
    static Message tooFewArguments(String signature, String typeName, int messageArgument, int parameters) {
        return Message.of(
                "Cannot use " + signature + " of " + typeName + " as an entry point: the message is argument "
                        + messageArgument + " (counted from 0), but the method takes " + parameters,
                "a method that receives the message",
                "set EntryPoint.messageArgument(index), or name the overload that takes the message");
    }

    /** The message's final type has no accessor of that name. */
    static Message noAccessor(
            String signature, String typeName, int messageArgument, String messageType, String missing) {
        return Message.of(
                "Cannot read message ids at " + signature + " of " + typeName + ": argument " + messageArgument
                        + " is a " + messageType + ", which has " + missing,
                "a public no-arg method or public field that gives the id",
                "correct the accessor name, or use EntryPoint.messageIdFrom(MessageIdReader)");
    }

    /** The value skipped calls return is not of the method's return type. */
    static Message wrongPlaceholder(String value, String signature, String typeName, Class<?> returns) {
        return Message.of(
                "Cannot return " + value + " from skipped calls of " + signature + " of " + typeName + ": it returns "
                        + returns.getTypeName(),
                "a value of that type" + (returns.isPrimitive() ? " (boxed)" : ""),
                "pass such a value to EntryPoint.returningWhenSkipped(...)");
    }

    /** The kit may not invoke the method reflectively, which releasing a captured call needs. */
    static Message notInvocable(String signature, Class<?> declaring) {
        return Message.of(
                "Cannot release captured calls of " + signature + " of " + declaring.getName() + ": its module "
                        + declaring.getModule().getName() + " does not open " + declaring.getPackageName()
                        + " to the kit, so the kit cannot invoke it",
                "a method the kit may invoke reflectively",
                "open the package to the kit (--add-opens), or use " + DeliveryMode.HOLD_SENDERS
                        + " mode, which never invokes it");
    }

    /**
     * The kit could not weave its advice into the entry point's class.
     *
     * @param problems what the instrumenter reported meanwhile; empty for none
     */
    static Message notWoven(String reference, String typeName, List<String> problems) {
        return Message.of(
                "Cannot intercept " + reference + ": the kit could not weave its advice into " + typeName
                        + (problems.isEmpty() ? "" : " (" + String.join("; ", problems) + ")") + "; nothing was run",
                "a class loaded by a class loader that can see the kit",
                "load the kit from the same or a parent class loader, or start the JVM with"
                        + " -javaagent:<testkit-core jar>");
    }

    /** {@code reference} is no {@code Type#method} reference. */
    static String notAMethodReference(String reference) {
        return "\"" + reference + "\" is not a method reference. Expected Type#method or Type#method(paramType,...),"
                + " for example com.acme.Transport#deliver(com.acme.Event).";
    }

    /** {@code reference} names a constructor or a static initialiser. */
    static String notAMethod(String reference) {
        return "\"" + reference + "\" does not name a method: constructors and static initialisers cannot be entry"
                + " points. Expected the method at which messages arrive.";
    }

    /** The message is argument {@code index}, below 0. */
    static String argumentBelowZero(int index) {
        return "arguments are counted from 0, got " + index;
    }

    /** {@code accessorName} names no field or no-arg method. */
    static String notAnAccessor(String accessorName) {
        return "\"" + accessorName + "\" is not an accessor. Expected a field name such as \"eventId\" or a no-arg"
                + " method such as \"eventId()\".";
    }

    /** The advice intercepted {@code signature}, which {@code reference} does not name. */
    static String interceptedUnnamed(String signature, String reference) {
        return "the entry-point advice intercepted " + signature + ", which " + reference
                + " does not name; the class was redefined after the run started";
    }

    /** The message, argument {@code index}, is null. */
    static String nullMessage(int index) {
        return "argument " + index + " is null";
    }

    /** The {@code MessageIdReader} threw {@code thrown}. */
    static String readerThrew(Throwable thrown) {
        return "the MessageIdReader threw " + thrown;
    }

    /** The id, {@code describedId}, of {@code message} is null or empty. */
    static String noId(String describedId, boolean isNull, String message) {
        return describedId + " is " + (isNull ? "null" : "empty") + " for the message " + message;
    }

    /** {@code messageType} lacks its accessor, as {@code missing} says. */
    static String accessorMissing(String messageType, String missing) {
        return messageType + " has " + missing;
    }

    /** {@code accessor} of {@code messageType} cannot be reached, as {@code why} says. */
    static String accessorInaccessible(String accessor, String messageType, String why) {
        return accessor + " of " + messageType + " is not accessible to the kit (" + why + "); make the class public"
                + " or open its package, or use EntryPoint.messageIdFrom(MessageIdReader)";
    }

    /** {@code accessor} threw {@code thrown}. */
    static String accessorThrew(String accessor, Throwable thrown) {
        return accessor + " threw " + thrown;
    }

    /** The kit could not invoke the captured call {@code signature}, as {@code failure} says. */
    static String notInvoked(String signature, Throwable failure) {
        return "the kit could not invoke " + signature + ": " + failure;
    }
}
