package dev.deliverykit.internal.instrument;

import java.util.Map;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Writes the {@link Dispatcher} calls of one kind of boundary, with the arguments ByteBuddy's advice would pass: the entry call, and the exit call on a normal exit (the return value on the stack, which stays there)
 * or an exceptional one (the {@link Throwable} on the stack, which stays there too). Where in the method they go
 * is {@link WovenMethod}'s business; the code written has no branches.
 */
final class DispatcherCalls {

    private static final String DISPATCHER = Type.getInternalName(Dispatcher.class);

    /** Per primitive sort, the class whose {@code valueOf} boxes it. */
    private static final Map<Integer, String> BOXES = Map.of(
            Type.BOOLEAN, "java/lang/Boolean",
            Type.BYTE, "java/lang/Byte",
            Type.CHAR, "java/lang/Character",
            Type.SHORT, "java/lang/Short",
            Type.INT, "java/lang/Integer",
            Type.FLOAT, "java/lang/Float",
            Type.LONG, "java/lang/Long",
            Type.DOUBLE, "java/lang/Double");

    private final WovenMethod.Kind kind;
    private final InjectedLocals locals;
    private final int classVersion;
    private final String origin;

    /**
     * @param classVersion the class file's major version
     * @param origin {@code type|method|descriptor} for {@link WovenMethod.Kind#METHOD}, the operation for
     *     {@link WovenMethod.Kind#GUARDED}, else unused
     */
    DispatcherCalls(WovenMethod.Kind kind, InjectedLocals locals, int classVersion, String origin) {
        this.kind = kind;
        this.locals = locals;
        this.classVersion = classVersion;
        this.origin = origin;
    }

    /** The entry call at the start of the method, after the SQL argument's copy. */
    void entry(MethodVisitor mv) {
        if (locals.sqlSlot() >= 0) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ASTORE, locals.sqlSlot());
        }
        switch (kind) {
            case EXECUTE:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql(mv);
                enterAndStore(mv, "enterStatement", "(Ljava/lang/Object;Ljava/lang/Object;)Z");
                break;
            case PREPARE:
            case CREATE:
                enterWithMethodName(mv, "enterConnectionUse");
                break;
            case TRANSACTION:
                enterWithMethodName(mv, "enterTransaction");
                break;
            case NESTED:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                enterAndStore(mv, "enterNested", "(Ljava/lang/Object;)Z");
                break;
            case CONSTRUCTOR:
                if (classVersion >= Opcodes.V1_5) {
                    mv.visitLdcInsn(Type.getObjectType(locals.owner()));
                    call(mv, "enterConnectionConstructor", "(Ljava/lang/Class;)V");
                } else {
                    call(mv, "enterConnectionConstructorOfCaller", "()V");
                }
                break;
            case METHOD:
                mv.visitLdcInsn(origin);
                call(mv, "enterMethod", "(Ljava/lang/String;)V");
                break;
            case GUARDED:
                mv.visitLdcInsn(origin);
                call(mv, "enterGuarded", "(Ljava/lang/String;)V");
                break;
            default:
                break; // BATCH: exit only
        }
    }

    /** {@code entered = Dispatcher.<method>(this, "<name of the woven method>");} */
    private void enterWithMethodName(MethodVisitor mv, String method) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitLdcInsn(locals.method());
        enterAndStore(mv, method, "(Ljava/lang/Object;Ljava/lang/String;)Z");
    }

    private void enterAndStore(MethodVisitor mv, String method, String methodDescriptor) {
        call(mv, method, methodDescriptor);
        mv.visitVarInsn(Opcodes.ISTORE, locals.enteredSlot());
    }

    /**
     * The exit call of this kind: on a normal exit ({@code returnOpcode}) {@code thrown} is null and the
     * returned value is copied where the dispatcher wants it; on an exceptional one ({@code returnOpcode} -1)
     * the {@link Throwable} on the stack is passed as {@code thrown} and stays on the stack.
     */
    void exit(MethodVisitor mv, int returnOpcode, boolean exceptional) {
        switch (kind) {
            case EXECUTE:
                pushThrown(mv, exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, locals.enteredSlot());
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql(mv);
                call(mv, "exitStatement", "(Ljava/lang/Throwable;ZLjava/lang/Object;Ljava/lang/Object;)V");
                break;
            case PREPARE:
                if (exceptional) {
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ACONST_NULL);
                    mv.visitInsn(Opcodes.SWAP); // returned: null, thrown: the throwable
                } else {
                    copyReturnedAsObject(mv, returnOpcode);
                    mv.visitInsn(Opcodes.ACONST_NULL);
                }
                mv.visitVarInsn(Opcodes.ILOAD, locals.enteredSlot());
                loadSql(mv);
                call(mv, "exitPrepare", "(Ljava/lang/Object;Ljava/lang/Throwable;ZLjava/lang/Object;)V");
                break;
            case CREATE:
                pushThrown(mv, exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, locals.enteredSlot());
                call(mv, "exitCreateStatement", "(Ljava/lang/Throwable;Z)V");
                break;
            case TRANSACTION:
                pushThrown(mv, exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, locals.enteredSlot());
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitLdcInsn(locals.method());
                call(mv, "exitTransaction", "(Ljava/lang/Throwable;ZLjava/lang/Object;Ljava/lang/String;)V");
                break;
            case NESTED:
                mv.visitVarInsn(Opcodes.ILOAD, locals.enteredSlot());
                call(mv, "exitNested", "(Z)V");
                break;
            case METHOD:
                pushThrown(mv, exceptional);
                mv.visitLdcInsn(origin);
                call(mv, "exitMethod", "(Ljava/lang/Throwable;Ljava/lang/String;)V");
                break;
            case BATCH:
                requireNormal(exceptional);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql(mv);
                call(mv, "exitBatch", "(Ljava/lang/Object;Ljava/lang/Object;)V");
                break;
            case CONSTRUCTOR:
                requireNormal(exceptional);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                call(mv, "exitConnectionConstructor", "(Ljava/lang/Object;)V");
                break;
            case GUARDED:
                requireNormal(exceptional);
                break; // entry only
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    /** {@code thrown}: the {@link Throwable} on the stack (a copy of it), or null. */
    private static void pushThrown(MethodVisitor mv, boolean exceptional) {
        mv.visitInsn(exceptional ? Opcodes.DUP : Opcodes.ACONST_NULL);
    }

    private void requireNormal(boolean exceptional) {
        if (exceptional) {
            throw new IllegalStateException(WeavingMessages.noExceptionalExit(kind));
        }
    }

    private void loadSql(MethodVisitor mv) {
        if (locals.sqlSlot() >= 0) {
            mv.visitVarInsn(Opcodes.ALOAD, locals.sqlSlot());
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
    }

    private static void call(MethodVisitor mv, String method, String methodDescriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCHER, method, methodDescriptor, false);
    }

    /** Pushes a copy of the return value as an Object (boxed if primitive, null for {@code void}). */
    private void copyReturnedAsObject(MethodVisitor mv, int returnOpcode) {
        Type returned = locals.returnType();
        switch (returnOpcode) {
            case Opcodes.RETURN:
                mv.visitInsn(Opcodes.ACONST_NULL);
                return;
            case Opcodes.ARETURN:
                mv.visitInsn(Opcodes.DUP);
                return;
            case Opcodes.LRETURN:
            case Opcodes.DRETURN:
                mv.visitInsn(Opcodes.DUP2);
                break;
            default:
                mv.visitInsn(Opcodes.DUP);
                break;
        }
        String box = boxOf(returned);
        mv.visitMethodInsn(
                Opcodes.INVOKESTATIC, box, "valueOf", "(" + returned.getDescriptor() + ")L" + box + ";", false);
    }

    private String boxOf(Type primitive) {
        String box = BOXES.get(primitive.getSort());
        if (box == null) {
            throw new IllegalStateException(WeavingMessages.notAPrimitiveReturn(locals.descriptor()));
        }
        return box;
    }
}
