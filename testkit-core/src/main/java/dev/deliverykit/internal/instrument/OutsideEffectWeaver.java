package dev.deliverykit.internal.instrument;

import java.util.Map;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Weaves the JDK's sockets, files and HTTP client so that a run sees every call that leaves the JVM: at the start
 * of each method below and before each of its normal returns, {@code DeliveryKitTaskBridge.outside(target, code)}.
 * The target is {@code this}, or an argument: the address a connect connects to, the options a channel is opened with. The injected code is straight-line, so
 * no stack map frame changes; the maximum stack grows by two.
 */
final class OutsideEffectWeaver {

    /** What one woven method reports: its kind, and the local slot of the target it passes (0: {@code this}). */
    record Woven(OutsideCall.Kind kind, int targetSlot) {
        static Woven ofThis(OutsideCall.Kind kind) {
            return new Woven(kind, 0);
        }
    }

    private static final Woven SOCKET_WRITE = Woven.ofThis(OutsideCall.Kind.SOCKET_WRITE);
    private static final Woven FILE_WRITE = Woven.ofThis(OutsideCall.Kind.FILE_WRITE);
    /** A connect passes the address it connects to, its first argument. */
    private static final Woven CONNECT_TO_ARGUMENT = new Woven(OutsideCall.Kind.CONNECT, 1);

    /** Per class, per method name and descriptor: what it reports. */
    static final Map<String, Map<String, Woven>> METHODS = Map.of(
            "sun/nio/ch/NioSocketImpl",
                    Map.of("write([BII)V", SOCKET_WRITE, "connect(Ljava/net/SocketAddress;I)V", CONNECT_TO_ARGUMENT),
            "sun/nio/ch/SocketChannelImpl",
                    Map.of(
                            "write(Ljava/nio/ByteBuffer;)I", SOCKET_WRITE,
                            "write([Ljava/nio/ByteBuffer;II)J", SOCKET_WRITE,
                            "connect(Ljava/net/SocketAddress;)Z", CONNECT_TO_ARGUMENT),
            // Opening a file output stream creates or truncates the file: a write before the first byte.
            "java/io/FileOutputStream",
                    Map.of(
                            "open(Ljava/lang/String;Z)V", FILE_WRITE,
                            "write(I)V", FILE_WRITE,
                            "write([B)V", FILE_WRITE,
                            "write([BII)V", FILE_WRITE),
            "java/io/RandomAccessFile",
                    Map.of("write(I)V", FILE_WRITE, "write([B)V", FILE_WRITE, "write([BII)V", FILE_WRITE),
            "sun/nio/ch/FileChannelImpl",
                    Map.of(
                            "write(Ljava/nio/ByteBuffer;)I", FILE_WRITE,
                            "write([Ljava/nio/ByteBuffer;II)J", FILE_WRITE,
                            "write(Ljava/nio/ByteBuffer;J)I", FILE_WRITE),
            // Files.newOutputStream, Files.write, FileChannel.open: a channel opened with its options (a static method:
            // slot 1 is its second argument); only one opened for writing counts (see OutsideCall).
            "sun/nio/fs/UnixChannelFactory",
                    Map.of(
                            "newFileChannel(Lsun/nio/fs/UnixPath;Ljava/util/Set;I)Ljava/nio/channels/FileChannel;",
                            new Woven(OutsideCall.Kind.FILE_WRITE, 1)),
            "sun/nio/fs/UnixFileSystemProvider",
                    Map.of(
                            "implDelete(Ljava/nio/file/Path;Z)Z", FILE_WRITE,
                            "move(Ljava/nio/file/Path;Ljava/nio/file/Path;[Ljava/nio/file/CopyOption;)V", FILE_WRITE,
                            "copy(Ljava/nio/file/Path;Ljava/nio/file/Path;[Ljava/nio/file/CopyOption;)V", FILE_WRITE),
            // Every request of the client, sent or sent asynchronously, goes through this one private method.
            "jdk/internal/net/http/HttpClientImpl",
                    Map.of(
                            "sendAsync(Ljava/net/http/HttpRequest;Ljava/net/http/HttpResponse$BodyHandler;"
                                    + "Ljava/net/http/HttpResponse$PushPromiseHandler;Ljava/util/concurrent/Executor;)"
                                    + "Ljava/util/concurrent/CompletableFuture;",
                            Woven.ofThis(OutsideCall.Kind.HTTP_REQUEST)));

    /** The one class of these in the platform class loader rather than the bootstrap one. */
    private static final String PLATFORM_CLASS = "jdk/internal/net/http/HttpClientImpl";

    private OutsideEffectWeaver() {}

    /** The transformer of these JDK classes; its errors go to {@code problems}. */
    static KitTransformer transformer(Consumer<Throwable> problems) {
        return new JdkMethodWeaver<>(
                METHODS,
                (loader, className) -> loader == null
                        || (className.equals(PLATFORM_CLASS) && loader == ClassLoader.getPlatformClassLoader()),
                Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE,
                (woven, original) -> new TellOfCall(original, woven.kind(), woven.targetSlot()),
                problems);
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
