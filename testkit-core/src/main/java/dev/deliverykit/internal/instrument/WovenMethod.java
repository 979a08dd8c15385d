package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.jar.asm.TypePath;

/**
 * Injects the {@link Dispatcher} calls of one kind of boundary into one method, the way the ByteBuddy advice
 * this replaces did: an entry call at the start, an exit call before every return (with the return value
 * left on the stack), and, for kinds that also see exceptional exits, a catch-all handler at the end that
 * calls the exit with the {@link Throwable} and rethrows it. The handler covers the original code only, not
 * the injected exit calls (an exit that throws, as a crash does, is not an exceptional exit too).
 *
 * <p>For kinds that see exceptional exits, every {@code xRETURN} becomes a store of the value into an added
 * local and a jump to one exit block after the original code, as ByteBuddy's advice does: the exit call
 * (which throws when the run crashes there) then runs outside every try range of the original code, so
 * a driver's own {@code catch} or {@code finally} cannot see the crash even where a compiler other than
 * javac put a return inside a try range. Constructors and {@code addBatch}/{@code clearBatch} keep their
 * exit call before each return (their exits never throw, and a constructor's return cannot move).
 *
 * <p>The injected code has no branches but that jump: the dispatcher's methods check {@code active} (or
 * {@code entered}) themselves. Locals it needs ({@code entered}, a copy of the SQL argument, which the exit sees even if the
 * body reassigns the parameter) go right after the parameters; every original local is moved up by as
 * many slots, in instructions, the local variable table and every stack map frame (as asm-commons'
 * {@code LocalVariablesSorter} does). The class reader must expand frames; the handler's frame is the
 * parameters, the new locals and a {@code Throwable} on the stack. Class files older than Java 6 get no
 * frames. The maximum stack grows by a fixed bound instead of being recomputed.
 */
final class WovenMethod extends MethodVisitor {

    /** What is woven: JDBC calls by their advice, or a method that a method selector names. */
    enum Kind {
        /** {@code Statement.execute*}: entry, exit with {@code thrown}; the SQL argument if there is one. */
        EXECUTE(true),
        /** {@code addBatch(String)} / {@code clearBatch()}: normal exit only. */
        BATCH(false),
        /** {@code prepareStatement(String, ...)} / {@code prepareCall(String, ...)}: the returned statement too. */
        PREPARE(true),
        /** {@code createStatement(...)} / {@code setAutoCommit(...)}. */
        CREATE(true),
        /** {@code commit()} / {@code rollback()}. */
        TRANSACTION(true),
        /** {@code Driver.connect(String, Properties)} / {@code DataSource.getConnection(...)}: inner calls nest. */
        NESTED(true),
        /** Connection constructors: entry (before the super constructor call) and normal exit only. */
        CONSTRUCTOR(false),
        /** {@code ResultSet.next()} and its row writes, parameter setters: entry only (checked after a crash). */
        GUARDED(false),
        /** A method named by a method selector: entry, normal and exceptional exit. */
        METHOD(true);

        final boolean seesThrown;

        Kind(boolean seesThrown) {
            this.seesThrown = seesThrown;
        }
    }

    static final String DISPATCHER = Type.getInternalName(Dispatcher.class);
    private static final String THROWABLE = "java/lang/Throwable";
    private static final String STRING = "java/lang/String";
    /** Enough for any injected sequence on top of what the original code needs (measured need: 5). */
    private static final int EXTRA_STACK = 8;

    private final Kind kind;
    private final String owner;
    private final String name;
    private final String descriptor;
    private final boolean isStatic;
    private final int classVersion;
    private final String origin;
    private final int firstLocal;
    private final int enteredSlot;
    private final int sqlSlot;
    private final boolean hasStringArgument;
    /** The added locals' frame types; the result's (if any) last, TOP in the original code's frames. */
    private final Object[] addedTypes;
    /** Slots the added locals take (a long or double result takes two). */
    private final int addedSlots;
    /** The return value's local for the exit block, or -1 (void, or no exit block). */
    private final int resultSlot;

    private final Type returnType;
    /** Whether returns jump to one exit block after the original code (see the class comment). */
    private final boolean exitBlock;

    private Label exitLabel;

    private Label rangeStart;
    private boolean rangeHasCode;
    private final List<Label[]> ranges = new ArrayList<>();

    /**
     * @param origin {@code type|method|descriptor} for {@link Kind#METHOD}, the operation for {@link Kind#GUARDED},
     *     else unused
     */
    WovenMethod(
            Kind kind,
            String owner,
            int access,
            String name,
            String descriptor,
            int classVersion,
            String origin,
            MethodVisitor next) {
        super(Opcodes.ASM9, next);
        this.kind = kind;
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
        this.classVersion = classVersion & 0xFFFF;
        this.origin = origin;
        this.firstLocal = (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - (isStatic ? 1 : 0);
        Type[] arguments = Type.getArgumentTypes(descriptor);
        this.hasStringArgument = arguments.length > 0
                && arguments[0].getSort() == Type.OBJECT
                && arguments[0].getInternalName().equals(STRING);
        List<Object> added = new ArrayList<>();
        boolean entered = kind != Kind.BATCH && kind != Kind.CONSTRUCTOR && kind != Kind.METHOD && kind != Kind.GUARDED;
        this.enteredSlot = entered ? firstLocal + added.size() : -1;
        if (entered) {
            added.add(Opcodes.INTEGER);
        }
        boolean copiesSql = (kind == Kind.EXECUTE || kind == Kind.BATCH || kind == Kind.PREPARE) && hasStringArgument;
        this.sqlSlot = copiesSql ? firstLocal + added.size() : -1;
        if (copiesSql) {
            added.add(STRING);
        }
        this.returnType = Type.getReturnType(descriptor);
        this.exitBlock = kind.seesThrown && kind != Kind.NESTED;
        int slots = added.size();
        if (exitBlock && returnType.getSort() != Type.VOID) {
            this.resultSlot = firstLocal + slots;
            added.add(frameType(returnType));
            slots += returnType.getSize();
        } else {
            this.resultSlot = -1;
        }
        this.addedTypes = added.toArray();
        this.addedSlots = slots;
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

    // ---- injected code -----------------------------------------------------------------------------

    @Override
    public void visitCode() {
        super.visitCode();
        if (sqlSlot >= 0) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ASTORE, sqlSlot);
        }
        switch (kind) {
            case EXECUTE:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql();
                call("enterStatement", "(Ljava/lang/Object;Ljava/lang/Object;)Z");
                mv.visitVarInsn(Opcodes.ISTORE, enteredSlot);
                break;
            case PREPARE:
            case CREATE:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitLdcInsn(name);
                call("enterConnectionUse", "(Ljava/lang/Object;Ljava/lang/String;)Z");
                mv.visitVarInsn(Opcodes.ISTORE, enteredSlot);
                break;
            case TRANSACTION:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitLdcInsn(name);
                call("enterTransaction", "(Ljava/lang/Object;Ljava/lang/String;)Z");
                mv.visitVarInsn(Opcodes.ISTORE, enteredSlot);
                break;
            case NESTED:
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                call("enterNested", "(Ljava/lang/Object;)Z");
                mv.visitVarInsn(Opcodes.ISTORE, enteredSlot);
                break;
            case CONSTRUCTOR:
                if (classVersion >= Opcodes.V1_5) {
                    mv.visitLdcInsn(Type.getObjectType(owner));
                    call("enterConnectionConstructor", "(Ljava/lang/Class;)V");
                } else {
                    call("enterConnectionConstructorOfCaller", "()V");
                }
                break;
            case METHOD:
                mv.visitLdcInsn(origin);
                call("enterMethod", "(Ljava/lang/String;)V");
                break;
            case GUARDED:
                mv.visitLdcInsn(origin);
                call("enterGuarded", "(Ljava/lang/String;)V");
                break;
            default:
                break; // BATCH: exit only
        }
        if (kind.seesThrown) {
            openRange();
        }
    }

    /** Before an {@code xRETURN}; its value (if any) is on the stack and stays there. */
    private void exit(int returnOpcode) {
        exitCall(returnOpcode, false);
    }

    /** The catch-all handler: the stack holds the {@link Throwable}, which it holds again at the end. */
    private void exceptionalExit() {
        exitCall(-1, true);
    }

    /**
     * The exit call of this kind: on a normal exit ({@code returnOpcode}) {@code thrown} is null and the
     * returned value is copied where the dispatcher wants it; on an exceptional one the {@link Throwable} on
     * the stack is passed as {@code thrown} and stays on the stack.
     */
    private void exitCall(int returnOpcode, boolean exceptional) {
        switch (kind) {
            case EXECUTE:
                pushThrown(exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, enteredSlot);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql();
                call("exitStatement", "(Ljava/lang/Throwable;ZLjava/lang/Object;Ljava/lang/Object;)V");
                break;
            case PREPARE:
                if (exceptional) {
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ACONST_NULL);
                    mv.visitInsn(Opcodes.SWAP); // returned: null, thrown: the throwable
                } else {
                    copyReturnedAsObject(returnOpcode);
                    mv.visitInsn(Opcodes.ACONST_NULL);
                }
                mv.visitVarInsn(Opcodes.ILOAD, enteredSlot);
                loadSql();
                call("exitPrepare", "(Ljava/lang/Object;Ljava/lang/Throwable;ZLjava/lang/Object;)V");
                break;
            case CREATE:
                pushThrown(exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, enteredSlot);
                call("exitCreateStatement", "(Ljava/lang/Throwable;Z)V");
                break;
            case TRANSACTION:
                pushThrown(exceptional);
                mv.visitVarInsn(Opcodes.ILOAD, enteredSlot);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitLdcInsn(name);
                call("exitTransaction", "(Ljava/lang/Throwable;ZLjava/lang/Object;Ljava/lang/String;)V");
                break;
            case NESTED:
                mv.visitVarInsn(Opcodes.ILOAD, enteredSlot);
                call("exitNested", "(Z)V");
                break;
            case METHOD:
                pushThrown(exceptional);
                mv.visitLdcInsn(origin);
                call("exitMethod", "(Ljava/lang/Throwable;Ljava/lang/String;)V");
                break;
            case BATCH:
                requireNormal(exceptional);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                loadSql();
                call("exitBatch", "(Ljava/lang/Object;Ljava/lang/Object;)V");
                break;
            case CONSTRUCTOR:
                requireNormal(exceptional);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                call("exitConnectionConstructor", "(Ljava/lang/Object;)V");
                break;
            case GUARDED:
                requireNormal(exceptional);
                break; // entry only
            default:
                throw new IllegalStateException(kind.name());
        }
    }

    /** {@code thrown}: the {@link Throwable} on the stack (a copy of it), or null. */
    private void pushThrown(boolean exceptional) {
        mv.visitInsn(exceptional ? Opcodes.DUP : Opcodes.ACONST_NULL);
    }

    private void requireNormal(boolean exceptional) {
        if (exceptional) {
            throw new IllegalStateException(kind + " sees no exceptional exit");
        }
    }

    private void loadSql() {
        if (sqlSlot >= 0) {
            mv.visitVarInsn(Opcodes.ALOAD, sqlSlot);
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
    }

    private void call(String method, String methodDescriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, DISPATCHER, method, methodDescriptor, false);
    }

    /** Pushes a copy of the return value as an Object (boxed if primitive, null for {@code void}). */
    private void copyReturnedAsObject(int returnOpcode) {
        Type returned = Type.getReturnType(descriptor);
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
        String box;
        switch (returned.getSort()) {
            case Type.BOOLEAN:
                box = "java/lang/Boolean";
                break;
            case Type.BYTE:
                box = "java/lang/Byte";
                break;
            case Type.CHAR:
                box = "java/lang/Character";
                break;
            case Type.SHORT:
                box = "java/lang/Short";
                break;
            case Type.INT:
                box = "java/lang/Integer";
                break;
            case Type.FLOAT:
                box = "java/lang/Float";
                break;
            case Type.LONG:
                box = "java/lang/Long";
                break;
            case Type.DOUBLE:
                box = "java/lang/Double";
                break;
            default:
                throw new IllegalStateException("a primitive return type expected: " + descriptor);
        }
        mv.visitMethodInsn(
                Opcodes.INVOKESTATIC, box, "valueOf", "(" + returned.getDescriptor() + ")L" + box + ";", false);
    }

    // ---- the handler's ranges: the original code between the injected exits -------------------------

    private void openRange() {
        rangeStart = new Label();
        mv.visitLabel(rangeStart);
        rangeHasCode = false;
    }

    private void closeRange() {
        if (rangeHasCode) {
            Label end = new Label();
            mv.visitLabel(end);
            ranges.add(new Label[] {rangeStart, end});
        }
        rangeStart = null;
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            if (exitBlock) {
                if (exitLabel == null) {
                    exitLabel = new Label();
                }
                if (resultSlot >= 0) {
                    mv.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), resultSlot);
                }
                mv.visitJumpInsn(Opcodes.GOTO, exitLabel);
                rangeHasCode = true;
                return;
            }
            if (kind.seesThrown) {
                closeRange();
            }
            exit(opcode);
            super.visitInsn(opcode);
            if (kind.seesThrown) {
                openRange();
            }
            return;
        }
        rangeHasCode = true;
        super.visitInsn(opcode);
    }

    /** The one exit: the frame, the return value back on the stack, the exit call, the return. */
    private void visitExitBlock() {
        mv.visitLabel(exitLabel);
        if (classVersion >= Opcodes.V1_6) {
            Object[] locals = injectedFrameLocals(true);
            mv.visitFrame(Opcodes.F_NEW, locals.length, locals, 0, new Object[0]);
        }
        int returnOpcode = returnType.getOpcode(Opcodes.IRETURN);
        if (resultSlot >= 0) {
            mv.visitVarInsn(returnType.getOpcode(Opcodes.ILOAD), resultSlot);
        }
        exit(returnOpcode);
        mv.visitInsn(returnOpcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (kind.seesThrown) {
            closeRange();
            if (exitLabel != null) {
                visitExitBlock();
            }
            if (!ranges.isEmpty()) {
                Label handler = new Label();
                for (Label[] range : ranges) {
                    mv.visitTryCatchBlock(range[0], range[1], handler, THROWABLE);
                }
                mv.visitLabel(handler);
                if (classVersion >= Opcodes.V1_6) {
                    Object[] locals = injectedFrameLocals(false);
                    mv.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {THROWABLE});
                }
                exceptionalExit();
                mv.visitInsn(Opcodes.ATHROW);
            }
        }
        super.visitMaxs(maxStack + EXTRA_STACK, maxLocals + addedSlots);
    }

    /**
     * The locals of the exit block's and the handler's frames: {@code this}, the parameters as TOP (neither
     * reads them, they have the SQL copy; and a compiler other than javac may have put another type, or
     * nothing, into a parameter's slot somewhere in the original code, which a declared type would make
     * unverifiable), then the added locals, the result as its type in the exit block and as TOP in the
     * handler (an exception may come before any return stored it).
     */
    private Object[] injectedFrameLocals(boolean resultSet) {
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
    private void addAddedLocals(List<Object> locals, boolean resultSet) {
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

    // ---- the original code: locals moved up, frames widened, every instruction inside the range --------

    private int remap(int var, int size) {
        if (addedSlots == 0 || var + size <= firstLocal) {
            return var;
        }
        if (var < firstLocal) {
            throw new IllegalStateException("a two-slot local at " + var + " straddles the end of the parameters ("
                    + firstLocal + ") in " + owner + "." + name + descriptor);
        }
        return var + addedSlots;
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        rangeHasCode = true;
        boolean wide = opcode == Opcodes.LLOAD
                || opcode == Opcodes.DLOAD
                || opcode == Opcodes.LSTORE
                || opcode == Opcodes.DSTORE;
        super.visitVarInsn(opcode, remap(var, wide ? 2 : 1));
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        rangeHasCode = true;
        super.visitIincInsn(remap(var, 1), increment);
    }

    @Override
    public void visitLocalVariable(
            String localName, String localDescriptor, String signature, Label start, Label end, int index) {
        super.visitLocalVariable(
                localName,
                localDescriptor,
                signature,
                start,
                end,
                remap(index, Type.getType(localDescriptor).getSize()));
    }

    @Override
    public AnnotationVisitor visitLocalVariableAnnotation(
            int typeRef,
            TypePath typePath,
            Label[] start,
            Label[] end,
            int[] index,
            String annotationDescriptor,
            boolean visible) {
        int[] moved = new int[index.length];
        for (int i = 0; i < index.length; i++) {
            moved[i] = remap(index[i], 1);
        }
        return super.visitLocalVariableAnnotation(typeRef, typePath, start, end, moved, annotationDescriptor, visible);
    }

    @Override
    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
        if (type != Opcodes.F_NEW) {
            throw new IllegalStateException("frames must be expanded (ClassReader.EXPAND_FRAMES)");
        }
        if (addedSlots == 0) {
            super.visitFrame(type, numLocal, local, numStack, stack);
            return;
        }
        List<Object> widened = new ArrayList<>(numLocal + addedSlots + 2);
        int slot = 0;
        int i = 0;
        while (i < numLocal && slot < firstLocal) {
            Object each = local[i++];
            widened.add(each);
            slot += each == Opcodes.LONG || each == Opcodes.DOUBLE ? 2 : 1;
        }
        if (slot > firstLocal) {
            throw new IllegalStateException("a two-slot local straddles the end of the parameters in a frame of "
                    + owner + "." + name + descriptor);
        }
        for (; slot < firstLocal; slot++) {
            widened.add(Opcodes.TOP);
        }
        addAddedLocals(widened, false);
        while (i < numLocal) {
            widened.add(local[i++]);
        }
        super.visitFrame(type, widened.size(), widened.toArray(), numStack, stack);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        rangeHasCode = true;
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        rangeHasCode = true;
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String fieldOwner, String fieldName, String fieldDescriptor) {
        rangeHasCode = true;
        super.visitFieldInsn(opcode, fieldOwner, fieldName, fieldDescriptor);
    }

    @Override
    public void visitMethodInsn(
            int opcode, String methodOwner, String methodName, String methodDescriptor, boolean isInterface) {
        rangeHasCode = true;
        super.visitMethodInsn(opcode, methodOwner, methodName, methodDescriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(
            String indyName, String indyDescriptor, Handle bootstrap, Object... bootstrapArguments) {
        rangeHasCode = true;
        super.visitInvokeDynamicInsn(indyName, indyDescriptor, bootstrap, bootstrapArguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        rangeHasCode = true;
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        rangeHasCode = true;
        super.visitLdcInsn(value);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        rangeHasCode = true;
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        rangeHasCode = true;
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String arrayDescriptor, int numDimensions) {
        rangeHasCode = true;
        super.visitMultiANewArrayInsn(arrayDescriptor, numDimensions);
    }
}
