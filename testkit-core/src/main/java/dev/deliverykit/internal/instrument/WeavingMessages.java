package dev.deliverykit.internal.instrument;

/**
 * The messages of weaving the kit's advice into a class: a class it cannot weave, and the kit's own bytecode
 * assumptions broken (those name the class file or method the weaving was at).
 */
final class WeavingMessages {

    private WeavingMessages() {}

    /** A class whose loader cannot see the kit's {@code Dispatcher}, so no advice can be woven into it. */
    static String noAdvice() {
        return "its class loader cannot see the kit's Dispatcher, so no advice can be woven into it; load the kit from"
                + " the same or a parent class loader";
    }

    /** A JDBC class whose loader cannot see the kit's {@code Dispatcher}, so its calls are no boundaries. */
    static String noJdbcBoundaries() {
        return "its class loader cannot see the kit's Dispatcher, so its JDBC calls cannot be woven and are no"
                + " boundaries; load the kit from the same or a parent class loader";
    }

    /** The class file of {@code type}, a super type of {@code forType}, is not found through its class loader. */
    static String superTypeNotFound(String type, String forType) {
        return "cannot read the class file of " + type + ", a super type of " + forType + ", through its class loader";
    }

    /** The class file of {@code type}, a super type of {@code forType}, could not be read: {@code failure}. */
    static String superTypeUnreadable(String type, String forType, Exception failure) {
        return "cannot read the class file of " + type + ", a super type of " + forType + ": " + failure;
    }

    /** {@code code} is no type code of a JVM descriptor. */
    static String notADescriptorCode(char code) {
        return "not a JVM descriptor type code: " + code;
    }

    /** The advice {@code kind} is woven at an exceptional exit, which it does not see. */
    static String noExceptionalExit(Object kind) {
        return kind + " sees no exceptional exit";
    }

    /** The return type of {@code descriptor} boxed as a primitive that it is not. */
    static String notAPrimitiveReturn(String descriptor) {
        return "a primitive return type expected: " + descriptor;
    }

    /** A two-slot local at {@code slot} of {@code method} that the added locals would split. */
    static String straddlingLocal(int slot, int firstLocal, String method) {
        return "a two-slot local at " + slot + " straddles the end of the parameters (" + firstLocal + ") in " + method;
    }

    /** A frame of {@code method} whose two-slot local the added locals would split. */
    static String straddlingFrame(String method) {
        return "a two-slot local straddles the end of the parameters in a frame of " + method;
    }

    /** A compressed frame, which the added locals cannot shift. */
    static String framesNotExpanded() {
        return "frames must be expanded (ClassReader.EXPAND_FRAMES)";
    }

    /** The executor bridge could not be defined in {@code java.util.concurrent}. */
    static String bridgeNotDefined() {
        return "cannot define the executor bridge in java.util.concurrent";
    }

    /** The executor bridge's {@code field} could not be set. */
    static String bridgeFieldNotSet(String field) {
        return "cannot set the executor bridge's " + field;
    }

    /** The kit's class file {@code template}, the executor bridge's source, is missing. */
    static String bridgeTemplateMissing(String template) {
        return "the kit's class file " + template + ".class is missing";
    }

    /** The executor bridge's class file could not be read. */
    static String bridgeUnreadable() {
        return "cannot read the executor bridge's class file";
    }
}
