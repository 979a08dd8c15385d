package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The locals that weaving one method adds, and where they go: right after the parameters ({@code entered}, a
 * copy of the SQL argument, which the exit sees even if the body reassigns the parameter, and the return value
 * for the exit block), so that every original local moves up by {@link #addedSlots} (see {@link ShiftedLocals}).
 * It also builds the locals of the frames that the woven code needs.
 *
 * @param owner the internal name of the woven method's class
 * @param method the woven method's name
 * @param descriptor the woven method's descriptor
 * @param isStatic whether the woven method is static
 * @param firstLocal the first slot after the parameters (and {@code this})
 * @param enteredSlot the {@code entered} flag's slot, or -1
 * @param sqlSlot the SQL argument's copy's slot, or -1
 * @param returnType the woven method's return type
 * @param resultSlot the return value's slot for the exit block, or -1 (void, or no exit block)
 * @param addedTypes the added locals' frame types; the result's (if any) last, TOP in the original code's frames
 * @param addedSlots how many slots every original local moves up (a long or double result takes two)
 */
record InjectedLocals(
        String owner,
        String method,
        String descriptor,
        boolean isStatic,
        int firstLocal,
        int enteredSlot,
        int sqlSlot,
        Type returnType,
        int resultSlot,
        Object[] addedTypes,
        int addedSlots) {

    private static final String STRING = "java/lang/String";

    /** Where the locals that weaving {@code kind} into this method adds go. */
    static InjectedLocals of(WovenMethod.Kind kind, String owner, int access, String method, String descriptor) {
        boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
        int firstLocal = (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - (isStatic ? 1 : 0);
        Type[] arguments = Type.getArgumentTypes(descriptor);
        boolean hasStringArgument = arguments.length > 0
                && arguments[0].getSort() == Type.OBJECT
                && arguments[0].getInternalName().equals(STRING);
        List<Object> added = new ArrayList<>();
        boolean entered = kind != WovenMethod.Kind.BATCH
                && kind != WovenMethod.Kind.CONSTRUCTOR
                && kind != WovenMethod.Kind.METHOD
                && kind != WovenMethod.Kind.GUARDED;
        int enteredSlot = entered ? firstLocal + added.size() : -1;
        if (entered) {
            added.add(Opcodes.INTEGER);
        }
        boolean copiesSql =
                (kind == WovenMethod.Kind.EXECUTE || kind == WovenMethod.Kind.BATCH || kind == WovenMethod.Kind.PREPARE)
                        && hasStringArgument;
        int sqlSlot = copiesSql ? firstLocal + added.size() : -1;
        if (copiesSql) {
            added.add(STRING);
        }
        Type returnType = Type.getReturnType(descriptor);
        int slots = added.size();
        int resultSlot = -1;
        if (kind.jumpsToExitBlock() && returnType.getSort() != Type.VOID) {
            resultSlot = firstLocal + slots;
            added.add(frameType(returnType));
            slots += returnType.getSize();
        }
        return new InjectedLocals(
                owner,
                method,
                descriptor,
                isStatic,
                firstLocal,
                enteredSlot,
                sqlSlot,
                returnType,
                resultSlot,
                added.toArray(),
                slots);
    }

    private static Object frameType(Type type) {
        switch (type.getSort()) {
            case Type.BOOLEAN:
            case Type.BYTE:
            case Type.CHAR:
            case Type.SHORT:
            case Type.INT:
                return Opcodes.INTEGER;
            case Type.FLOAT:
                return Opcodes.FLOAT;
            case Type.LONG:
                return Opcodes.LONG;
            case Type.DOUBLE:
                return Opcodes.DOUBLE;
            case Type.ARRAY:
                return type.getDescriptor();
            default:
                return type.getInternalName();
        }
    }

    /** The woven method as {@code owner.namedescriptor}, for messages. */
    String methodName() {
        return owner + "." + method + descriptor;
    }

    /**
     * The locals of the exit block's and the handler's frames: {@code this}, the parameters as TOP (neither
     * reads them, they have the SQL copy; and a compiler other than javac may have put another type, or
     * nothing, into a parameter's slot somewhere in the original code, which a declared type would make
     * unverifiable), then the added locals, the result as its type in the exit block and as TOP in the
     * handler (an exception may come before any return stored it).
     */
    Object[] injectedFrameLocals(boolean resultSet) {
        List<Object> locals = new ArrayList<>();
        if (!isStatic) {
            locals.add(owner);
        }
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            locals.add(Opcodes.TOP);
            if (argument.getSize() == 2) {
                locals.add(Opcodes.TOP);
            }
        }
        addAddedLocals(locals, resultSet);
        return locals.toArray();
    }

    /** The added locals for a frame; the result as TOP (one per slot) unless {@code resultSet}. */
    void addAddedLocals(List<Object> locals, boolean resultSet) {
        for (int i = 0; i < addedTypes.length; i++) {
            boolean isResult = resultSlot >= 0 && i == addedTypes.length - 1;
            if (isResult && !resultSet) {
                for (int slot = 0; slot < returnType.getSize(); slot++) {
                    locals.add(Opcodes.TOP);
                }
            } else {
                locals.add(addedTypes[i]);
            }
        }
    }
}
