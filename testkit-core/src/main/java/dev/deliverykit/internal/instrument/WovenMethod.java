package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Places the {@link Dispatcher} calls of one kind of boundary in one method, the way ByteBuddy's advice does:
 * the entry call at the start, an exit call before every return (with the return value left on the stack),
 * and, for kinds that also see exceptional exits, a catch-all handler at the end that calls the exit with the
 * {@link Throwable} and rethrows it. {@link #weave} chains it with the visitors that do the rest, each one job,
 * as ASM's {@code AdviceAdapter} sits beside {@code LocalVariablesSorter}: {@link ShiftedLocals} moves the
 * original locals up to make room for the {@link InjectedLocals}, {@link HandlerRanges} marks what the
 * handler covers, and {@link DispatcherCalls} writes each call.
 *
 * <p>For kinds that see exceptional exits, every {@code xRETURN} becomes a store of the value into an added
 * local and a jump to one exit block after the original code, as ByteBuddy's advice does: the exit call
 * (which throws when the run crashes there) then runs outside every try range of the original code, so
 * a driver's own {@code catch} or {@code finally} cannot see the crash even where a compiler other than
 * javac put a return inside a try range. Constructors and {@code addBatch}/{@code clearBatch} keep their
 * exit call before each return (their exits never throw, and a constructor's return cannot move).
 *
 * <p>The injected code has no branches but that jump: the dispatcher's methods check {@code active} (or
 * {@code entered}) themselves. The handler's frame is the parameters, the new locals and a {@code Throwable}
 * on the stack. Class files older than Java 6 get no frames. The maximum stack grows by a fixed bound instead
 * of being recomputed.
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

        /** Whether returns jump to one exit block after the original code (see the class comment). */
        boolean jumpsToExitBlock() {
            return seesThrown && this != NESTED;
        }
    }

    private static final String THROWABLE = "java/lang/Throwable";
    /** Enough for any injected sequence on top of what the original code needs. */
    private static final int EXTRA_STACK = 8;

    private final Kind kind;
    private final InjectedLocals locals;
    private final DispatcherCalls calls;
    private final int classVersion;
    /** The ranges the catch-all handler covers, filled by {@link HandlerRanges} before {@link #visitMaxs}. */
    private final List<Label[]> handlerRanges;

    private Label exitLabel;

    private WovenMethod(
            Kind kind,
            InjectedLocals locals,
            DispatcherCalls calls,
            int classVersion,
            List<Label[]> handlerRanges,
            MethodVisitor next) {
        super(Opcodes.ASM9, next);
        this.kind = kind;
        this.locals = locals;
        this.calls = calls;
        this.classVersion = classVersion;
        this.handlerRanges = handlerRanges;
    }

    /**
     * The visitor that weaves {@code kind} into one method's code and hands the result to {@code next}.
     *
     * @param origin {@code type|method|descriptor} for {@link Kind#METHOD}, the operation for {@link Kind#GUARDED},
     *     else unused
     */
    static MethodVisitor weave(
            Kind kind,
            String owner,
            int access,
            String name,
            String descriptor,
            int classVersion,
            String origin,
            MethodVisitor next) {
        int version = classVersion & 0xFFFF;
        InjectedLocals locals = InjectedLocals.of(kind, owner, access, name, descriptor);
        List<Label[]> ranges = new ArrayList<>();
        MethodVisitor woven = new WovenMethod(
                kind, locals, new DispatcherCalls(kind, locals, version, origin), version, ranges, next);
        if (kind.seesThrown) {
            woven = new HandlerRanges(kind.jumpsToExitBlock(), ranges, woven);
        }
        return new ShiftedLocals(locals, woven);
    }

    @Override
    public void visitCode() {
        super.visitCode();
        calls.entry(mv);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            if (kind.jumpsToExitBlock()) {
                if (exitLabel == null) {
                    exitLabel = new Label();
                }
                if (locals.resultSlot() >= 0) {
                    mv.visitVarInsn(locals.returnType().getOpcode(Opcodes.ISTORE), locals.resultSlot());
                }
                mv.visitJumpInsn(Opcodes.GOTO, exitLabel);
                return;
            }
            calls.exit(mv, opcode, false);
        }
        super.visitInsn(opcode);
    }

    /** The one exit: the frame, the return value back on the stack, the exit call, the return. */
    private void visitExitBlock() {
        mv.visitLabel(exitLabel);
        if (classVersion >= Opcodes.V1_6) {
            Object[] frameLocals = locals.injectedFrameLocals(true);
            mv.visitFrame(Opcodes.F_NEW, frameLocals.length, frameLocals, 0, new Object[0]);
        }
        int returnOpcode = locals.returnType().getOpcode(Opcodes.IRETURN);
        if (locals.resultSlot() >= 0) {
            mv.visitVarInsn(locals.returnType().getOpcode(Opcodes.ILOAD), locals.resultSlot());
        }
        calls.exit(mv, returnOpcode, false);
        mv.visitInsn(returnOpcode);
    }

    /** The catch-all handler over {@link #handlerRanges}: the exit call with the throwable, which it rethrows. */
    private void visitHandler() {
        Label handler = new Label();
        for (Label[] range : handlerRanges) {
            mv.visitTryCatchBlock(range[0], range[1], handler, THROWABLE);
        }
        mv.visitLabel(handler);
        if (classVersion >= Opcodes.V1_6) {
            Object[] frameLocals = locals.injectedFrameLocals(false);
            mv.visitFrame(Opcodes.F_NEW, frameLocals.length, frameLocals, 1, new Object[] {THROWABLE});
        }
        calls.exit(mv, -1, true);
        mv.visitInsn(Opcodes.ATHROW);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        if (exitLabel != null) {
            visitExitBlock();
        }
        if (!handlerRanges.isEmpty()) {
            visitHandler();
        }
        super.visitMaxs(maxStack + EXTRA_STACK, maxLocals);
    }
}
