package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.jar.asm.TypePath;

/**
 * Makes room for the {@link InjectedLocals} in a method's original code, as asm-commons'
 * {@code LocalVariablesSorter} does: every original local past the parameters moves up by as many slots, in
 * instructions, the local variable table and its annotations, and every stack map frame (which gets the added
 * locals, the result as TOP). It sees the original code only: the visitors after it inject their code with the
 * final slots. The class reader must expand frames.
 */
final class ShiftedLocals extends MethodVisitor {

    private final InjectedLocals locals;
    private final int firstLocal;
    private final int addedSlots;

    ShiftedLocals(InjectedLocals locals, MethodVisitor next) {
        super(Opcodes.ASM9, next);
        this.locals = locals;
        this.firstLocal = locals.firstLocal();
        this.addedSlots = locals.addedSlots();
    }

    private int remap(int var, int size) {
        if (addedSlots == 0 || var + size <= firstLocal) {
            return var;
        }
        if (var < firstLocal) {
            throw new IllegalStateException(WeavingMessages.straddlingLocal(var, firstLocal, locals.methodName()));
        }
        return var + addedSlots;
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        boolean wide = opcode == Opcodes.LLOAD
                || opcode == Opcodes.DLOAD
                || opcode == Opcodes.LSTORE
                || opcode == Opcodes.DSTORE;
        super.visitVarInsn(opcode, remap(var, wide ? 2 : 1));
    }

    @Override
    public void visitIincInsn(int var, int increment) {
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
            throw new IllegalStateException(WeavingMessages.framesNotExpanded());
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
            throw new IllegalStateException(WeavingMessages.straddlingFrame(locals.methodName()));
        }
        for (; slot < firstLocal; slot++) {
            widened.add(Opcodes.TOP);
        }
        locals.addAddedLocals(widened, false);
        while (i < numLocal) {
            widened.add(local[i++]);
        }
        super.visitFrame(type, widened.size(), widened.toArray(), numStack, stack);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        super.visitMaxs(maxStack, maxLocals + addedSlots);
    }
}
