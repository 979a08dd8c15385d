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
}
