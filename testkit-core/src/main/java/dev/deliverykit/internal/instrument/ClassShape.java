package dev.deliverykit.internal.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What the weaver needs to know of a class file before deciding: its header and its declared methods (names,
 * descriptors, modifiers, declared exceptions), read without its code.
 *
 * @param version the class file version
 * @param access the class's modifiers
 * @param name its internal name
 * @param superName its superclass's internal name, null for {@code java/lang/Object}
 * @param interfaces the internal names of the interfaces it declares
 * @param methods its declared methods, constructors included
 */
record ClassShape(int version, int access, String name, String superName, String[] interfaces, List<Method> methods) {

    /**
     * A declared method.
     *
     * @param access its modifiers
     * @param name its name ({@code <init>} for constructors)
     * @param descriptor its descriptor
     * @param exceptions the internal names of the exceptions it declares
     */
    record Method(int access, String name, String descriptor, String[] exceptions) {

        boolean has(int modifier) {
            return (access & modifier) != 0;
        }

        /** Public, not static, with code: what JDBC calls are woven into. */
        boolean isPublicInstanceWithCode() {
            return has(Opcodes.ACC_PUBLIC) && !has(Opcodes.ACC_STATIC) && hasCode();
        }

        boolean hasCode() {
            return !has(Opcodes.ACC_ABSTRACT) && !has(Opcodes.ACC_NATIVE);
        }

        boolean declares(String exception) {
            if (exceptions != null) {
                for (String each : exceptions) {
                    if (each.equals(exception)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    boolean has(int modifier) {
        return (access & modifier) != 0;
    }

    /**
     * Whether the class file's constant pool holds one of {@code names} (ASCII) as a UTF-8 entry: a class that
     * declares a method of such a name does. Read without ASM, so that the classes the weaver has no use for
     * (most of those that load) cost a pass over their constant pool, not a parse; true if the pool cannot be
     * read, so that the caller parses the class and reports what is wrong.
     */
    static boolean mentionsAny(byte[] classFile, byte[][] names) {
        try {
            int count = u2(classFile, 8);
            int offset = 10;
            for (int index = 1; index < count; index++) {
                int tag = classFile[offset] & 0xFF;
                switch (tag) {
                    case 1: // Utf8
                        int length = u2(classFile, offset + 1);
                        if (matches(classFile, offset + 3, length, names)) {
                            return true;
                        }
                        offset += 3 + length;
                        break;
                    case 3:
                    case 4:
                    case 9:
                    case 10:
                    case 11:
                    case 12:
                    case 17:
                    case 18: // four bytes
                        offset += 5;
                        break;
                    case 5:
                    case 6: // Long, Double: two entries
                        offset += 9;
                        index++;
                        break;
                    case 7:
                    case 8:
                    case 16:
                    case 19:
                    case 20: // two bytes
                        offset += 3;
                        break;
                    case 15: // MethodHandle
                        offset += 4;
                        break;
                    default:
                        return true;
                }
            }
            return false;
        } catch (ArrayIndexOutOfBoundsException truncated) {
            return true;
        }
    }

    private static int u2(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
    }

    private static boolean matches(byte[] bytes, int offset, int length, byte[][] names) {
        for (byte[] name : names) {
            if (name.length == length) {
                int i = 0;
                while (i < length && bytes[offset + i] == name[i]) {
                    i++;
                }
                if (i == length) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Reads the header and the declared methods, skipping code, debug information and frames. */
    static ClassShape read(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        List<Method> methods = new ArrayList<>();
        int[] version = new int[1];
        reader.accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public void visit(
                            int classVersion,
                            int access,
                            String name,
                            String signature,
                            String superName,
                            String[] interfaces) {
                        version[0] = classVersion;
                    }

                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        methods.add(new Method(access, name, descriptor, exceptions));
                        return null;
                    }
                },
                ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassShape(
                version[0],
                reader.getAccess(),
                reader.getClassName(),
                reader.getSuperName(),
                reader.getInterfaces(),
                List.copyOf(methods));
    }
}
