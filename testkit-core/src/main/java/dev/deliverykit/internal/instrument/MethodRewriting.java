package dev.deliverykit.internal.instrument;

import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Rewrites chosen methods of one class file with ASM and copies the rest of it unchanged (the writer shares
 * the reader's constant pool, and no frames or maxima are recomputed: each rewriter keeps them valid).
 */
final class MethodRewriting {

    /** What to do with one method: its code's visitor, or {@code original} to leave it as it is. */
    @FunctionalInterface
    interface MethodRewriter {
        MethodVisitor rewrite(int access, String name, String descriptor, MethodVisitor original);
    }

    private MethodRewriting() {
    }

    /** The class file {@code original} with every method passed through {@code rewriter}. */
    static byte[] rewrite(byte[] original, int readerFlags, MethodRewriter rewriter) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                return rewriter.rewrite(access, name, descriptor,
                        super.visitMethod(access, name, descriptor, signature, exceptions));
            }
        }, readerFlags);
        return writer.toByteArray();
    }
}
