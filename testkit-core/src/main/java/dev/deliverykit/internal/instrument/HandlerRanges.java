package dev.deliverykit.internal.instrument;

import java.util.List;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Marks the ranges that the woven method's catch-all handler covers: the original code only, not the injected
 * exit calls (an exit that throws, as a crash does, is not an exceptional exit too). A range opens after the
 * entry call and closes at the end of the code; where returns keep their exit call in place, it also closes
 * before each return and opens again after it. A range without an instruction is dropped. {@link WovenMethod},
 * the next visitor, turns the ranges into the handler.
 */
final class HandlerRanges extends MethodVisitor {

    /** Whether returns jump to one exit block (and stay inside the range) rather than exit in place. */
    private final boolean returnsJump;

    private final List<Label[]> ranges;

    private Label rangeStart;
    private boolean rangeHasCode;

    HandlerRanges(boolean returnsJump, List<Label[]> ranges, MethodVisitor next) {
        super(Opcodes.ASM9, next);
        this.returnsJump = returnsJump;
        this.ranges = ranges;
    }

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
    public void visitCode() {
        super.visitCode();
        openRange();
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN && !returnsJump) {
            closeRange();
            super.visitInsn(opcode);
            openRange();
            return;
        }
        rangeHasCode = true;
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        closeRange();
        super.visitMaxs(maxStack, maxLocals);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        rangeHasCode = true;
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        rangeHasCode = true;
        super.visitIincInsn(var, increment);
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
