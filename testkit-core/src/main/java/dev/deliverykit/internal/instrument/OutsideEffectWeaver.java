package dev.deliverykit.internal.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Weaves the JDK's sockets, files and HTTP client so that a run sees every call that leaves the JVM: at the start
 * of each method below and before each of its normal returns, {@code DeliveryKitTaskBridge.outside(target, code)}.
 * The target is {@code this}, or for a connect the address it connects to. The injected code is straight-line, so
 * no stack map frame changes; the maximum stack grows by two.
 */
final class OutsideEffectWeaver implements ClassFileTransformer {

    private static final String SOCKET_ADDRESS_ARGUMENT = "Ljava/net/SocketAddress;";

    /** Per class, per method name and descriptor: the kind of call it makes. */
    static final Map<String, Map<String, OutsideCall.Kind>> METHODS = Map.of(
            "sun/nio/ch/NioSocketImpl",
                    Map.of(
                            "write([BII)V", OutsideCall.Kind.SOCKET_WRITE,
                            "connect(Ljava/net/SocketAddress;I)V", OutsideCall.Kind.CONNECT),
            "sun/nio/ch/SocketChannelImpl",
                    Map.of(
                            "write(Ljava/nio/ByteBuffer;)I", OutsideCall.Kind.SOCKET_WRITE,
                            "write([Ljava/nio/ByteBuffer;II)J", OutsideCall.Kind.SOCKET_WRITE,
                            "connect(Ljava/net/SocketAddress;)Z", OutsideCall.Kind.CONNECT),
            "java/io/FileOutputStream",
                    Map.of(
                            "write(I)V", OutsideCall.Kind.FILE_WRITE,
                            "write([B)V", OutsideCall.Kind.FILE_WRITE,
                            "write([BII)V", OutsideCall.Kind.FILE_WRITE),
            "java/io/RandomAccessFile",
                    Map.of(
                            "write(I)V", OutsideCall.Kind.FILE_WRITE,
                            "write([B)V", OutsideCall.Kind.FILE_WRITE,
                            "write([BII)V", OutsideCall.Kind.FILE_WRITE),
            "sun/nio/ch/FileChannelImpl",
                    Map.of(
                            "write(Ljava/nio/ByteBuffer;)I", OutsideCall.Kind.FILE_WRITE,
                            "write([Ljava/nio/ByteBuffer;II)J", OutsideCall.Kind.FILE_WRITE,
                            "write(Ljava/nio/ByteBuffer;J)I", OutsideCall.Kind.FILE_WRITE),
            // Every request of the client, sent or sent asynchronously, goes through this one private method.
            "jdk/internal/net/http/HttpClientImpl",
                    Map.of(
                            "sendAsync(Ljava/net/http/HttpRequest;Ljava/net/http/HttpResponse$BodyHandler;"
                                    + "Ljava/net/http/HttpResponse$PushPromiseHandler;Ljava/util/concurrent/Executor;)"
                                    + "Ljava/util/concurrent/CompletableFuture;",
                            OutsideCall.Kind.HTTP_REQUEST));

    /** The one class of these in the platform class loader rather than the bootstrap one. */
    private static final String PLATFORM_CLASS = "jdk/internal/net/http/HttpClientImpl";

    private final Consumer<Throwable> problems;

    OutsideEffectWeaver(Consumer<Throwable> problems) {
        this.problems = problems;
    }

    @Override
    public byte[] transform(
            ClassLoader loader,
            String className,
            Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        if (className == null) {
            return null;
        }
        boolean jdkLoader =
                loader == null || (className.equals(PLATFORM_CLASS) && loader == ClassLoader.getPlatformClassLoader());
        Map<String, OutsideCall.Kind> methods = jdkLoader ? METHODS.get(className) : null;
        if (methods == null) {
            return null;
        }
        try {
            return MethodRewriting.rewrite(classfileBuffer, 0, (access, name, descriptor, visitor) -> {
                OutsideCall.Kind kind = methods.get(name + descriptor);
                if (kind == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                    return visitor;
                }
                boolean addressArgument =
                        kind == OutsideCall.Kind.CONNECT && descriptor.startsWith("(" + SOCKET_ADDRESS_ARGUMENT);
                return new TellOfCall(visitor, kind, addressArgument ? 1 : 0);
            });
        } catch (Throwable error) {
            problems.accept(error);
            return null;
        }
    }

    /** {@code DeliveryKitTaskBridge.outside(target, code)} on entry and before every normal return. */
    private static final class TellOfCall extends MethodVisitor {
        private final OutsideCall.Kind kind;
        private final int targetSlot;

        TellOfCall(MethodVisitor next, OutsideCall.Kind kind, int targetSlot) {
            super(Opcodes.ASM9, next);
            this.kind = kind;
            this.targetSlot = targetSlot;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            tell(OutsideCall.Timing.BEFORE);
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                tell(OutsideCall.Timing.AFTER);
            }
            super.visitInsn(opcode);
        }

        private void tell(OutsideCall.Timing timing) {
            mv.visitVarInsn(Opcodes.ALOAD, targetSlot);
            mv.visitLdcInsn(OutsideCall.code(kind, timing));
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, ExecutorWeaver.BRIDGE, "outside", "(Ljava/lang/Object;I)V", false);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(maxStack + 2, maxLocals);
        }
    }
}
