package dev.deliverykit.internal.instrument;

import java.util.Map;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Weaves the JDK's executors so that a task handed over by a thread of a process runs as part of that
 * process: at the start of each method below, the task argument is replaced by what
 * the bridge ({@code dev.deliverykit.internal.bootstrap.TaskBridge}, defined in {@code java.base}) returns for it (the task itself while no run is active). The injected code is
 * straight-line (load, call, store), so no stack map frame changes; the maximum stack grows by one.
 */
final class ExecutorWeaver {

    static final String BRIDGE = BootstrapBridge.NAME;
    private static final String RUNNABLE = "(Ljava/lang/Runnable;)Ljava/lang/Runnable;";
    private static final String CALLABLE = "(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Callable;";

    /** Per class, per method name and descriptor: the bridge method that wraps its first argument. */
    static final Map<String, Map<String, String>> METHODS = Map.of(
            "java/lang/Thread", Map.of("start()V", "threadStarting"),
            "java/util/concurrent/ForkJoinWorkerThread", Map.of("run()V", "workerStarting"),
            "java/util/concurrent/ThreadPoolExecutor",
                    Map.of(
                            "execute(Ljava/lang/Runnable;)V", "runnable",
                            "runWorker(Ljava/util/concurrent/ThreadPoolExecutor$Worker;)V", "workerStarting"),
            "java/util/concurrent/ScheduledThreadPoolExecutor",
                    Map.of(
                            "execute(Ljava/lang/Runnable;)V",
                            "runnable",
                            "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;",
                            "runnable",
                            "submit(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/Future;",
                            "runnable",
                            "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;",
                            "callable",
                            "schedule(Ljava/lang/Runnable;JLjava/util/concurrent/TimeUnit;)"
                                    + "Ljava/util/concurrent/ScheduledFuture;",
                            "scheduledRunnable",
                            "schedule(Ljava/util/concurrent/Callable;JLjava/util/concurrent/TimeUnit;)"
                                    + "Ljava/util/concurrent/ScheduledFuture;",
                            "scheduledCallable",
                            "scheduleAtFixedRate(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                                    + "Ljava/util/concurrent/ScheduledFuture;",
                            "scheduledRunnable",
                            "scheduleWithFixedDelay(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                                    + "Ljava/util/concurrent/ScheduledFuture;",
                            "scheduledRunnable"),
            "java/util/concurrent/ForkJoinPool",
                    Map.of(
                            "execute(Ljava/lang/Runnable;)V", "runnable",
                            "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/ForkJoinTask;", "runnable",
                            "submit(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/ForkJoinTask;",
                                    "runnable",
                            "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/ForkJoinTask;", "callable"));

    private ExecutorWeaver() {}

    /** The transformer of the executors' classes; its errors go to {@code problems}. */
    static KitTransformer transformer(Consumer<Throwable> problems) {
        return new JdkMethodWeaver<>(
                METHODS, (loader, className) -> loader == null, Opcodes.ACC_ABSTRACT, ExecutorWeaver::weave, problems);
    }

    private static MethodVisitor weave(String bridge, MethodVisitor original) {
        switch (bridge) {
            case "workerStarting":
                return new BridgeCallAtStart(original, bridge, "()V", -1);
            case "threadStarting":
                return new BridgeCallAtStart(original, bridge, "(Ljava/lang/Thread;)V", 0);
            default:
                return new BridgeCallAtStart(
                        original, bridge, bridge.toLowerCase().endsWith("callable") ? CALLABLE : RUNNABLE, 1);
        }
    }

    /**
     * At the start of the method, {@code TaskBridge.workerStarting();} (no argument),
     * {@code TaskBridge.threadStarting(this);} (slot 0), or {@code task = TaskBridge.<bridge>(task);} (slot 1).
     */
    private static final class BridgeCallAtStart extends MethodVisitor {
        private final String bridge;
        private final String descriptor;
        /** The local passed to the bridge, or -1; the first argument is replaced by what the bridge returns. */
        private final int slot;

        BridgeCallAtStart(MethodVisitor next, String bridge, String descriptor, int slot) {
            super(Opcodes.ASM9, next);
            this.bridge = bridge;
            this.descriptor = descriptor;
            this.slot = slot;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (slot >= 0) {
                mv.visitVarInsn(Opcodes.ALOAD, slot);
            }
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, bridge, descriptor, false);
            if (slot == 1) {
                mv.visitVarInsn(Opcodes.ASTORE, 1);
            }
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(slot >= 0 ? Math.max(maxStack, 1) : maxStack, maxLocals);
        }
    }
}
