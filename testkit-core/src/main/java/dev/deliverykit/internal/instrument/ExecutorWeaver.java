package dev.deliverykit.internal.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
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
final class ExecutorWeaver implements ClassFileTransformer {

    static final String BRIDGE = BootstrapBridge.NAME;
    private static final String RUNNABLE = "(Ljava/lang/Runnable;)Ljava/lang/Runnable;";
    private static final String CALLABLE = "(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Callable;";

    /** Per class, per method name and descriptor: the bridge method that wraps its first argument. */
    static final Map<String, Map<String, String>> METHODS = Map.of(
            "java/lang/Thread", Map.of(
                    "start()V", "threadStarting"),
            "java/util/concurrent/ForkJoinWorkerThread", Map.of(
                    "run()V", "workerStarting"),
            "java/util/concurrent/ThreadPoolExecutor", Map.of(
                    "execute(Ljava/lang/Runnable;)V", "runnable",
                    "runWorker(Ljava/util/concurrent/ThreadPoolExecutor$Worker;)V", "workerStarting"),
            "java/util/concurrent/ScheduledThreadPoolExecutor", Map.of(
                    "execute(Ljava/lang/Runnable;)V", "runnable",
                    "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;", "runnable",
                    "submit(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/Future;", "runnable",
                    "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;", "callable",
                    "schedule(Ljava/lang/Runnable;JLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;", "scheduledRunnable",
                    "schedule(Ljava/util/concurrent/Callable;JLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;", "scheduledCallable",
                    "scheduleAtFixedRate(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;", "scheduledRunnable",
                    "scheduleWithFixedDelay(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;", "scheduledRunnable"),
            "java/util/concurrent/ForkJoinPool", Map.of(
                    "execute(Ljava/lang/Runnable;)V", "runnable",
                    "submit(Ljava/lang/Runnable;)Ljava/util/concurrent/ForkJoinTask;", "runnable",
                    "submit(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/ForkJoinTask;", "runnable",
                    "submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/ForkJoinTask;", "callable"));

    private final Consumer<Throwable> problems;

    ExecutorWeaver(Consumer<Throwable> problems) {
        this.problems = problems;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        Map<String, String> methods = className == null || loader != null ? null : METHODS.get(className);
        if (methods == null) {
            return null;
        }
        try {
            return MethodRewriting.rewrite(classfileBuffer, 0, (access, name, descriptor, visitor) -> {
                String bridge = methods.get(name + descriptor);
                if (bridge == null || (access & Opcodes.ACC_ABSTRACT) != 0) {
                    return visitor;
                }
                if (bridge.equals("workerStarting")) {
                    return new TellOfWorker(visitor);
                }
                return bridge.equals("threadStarting") ? new TellOfThis(visitor) : new WrapFirstArgument(visitor, bridge);
            });
        } catch (Throwable error) {
            problems.accept(error);
            return null;
        }
    }

    /** {@code TaskBridge.workerStarting();} at the start of a worker's loop. */
    private static final class TellOfWorker extends MethodVisitor {
        TellOfWorker(MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, "workerStarting", "()V", false);
        }
    }

    /** {@code TaskBridge.threadStarting(this);} at the start of {@code Thread.start()}. */
    private static final class TellOfThis extends MethodVisitor {
        TellOfThis(MethodVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visitCode() {
            super.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, "threadStarting", "(Ljava/lang/Thread;)V", false);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
        }
    }

    /** {@code task = TaskBridge.<bridge>(task);} at the start of the method. */
    private static final class WrapFirstArgument extends MethodVisitor {
        private final String bridge;

        WrapFirstArgument(MethodVisitor next, String bridge) {
            super(Opcodes.ASM9, next);
            this.bridge = bridge;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, bridge, bridge.toLowerCase().endsWith("callable")
                    ? CALLABLE : RUNNABLE, false);
            mv.visitVarInsn(Opcodes.ASTORE, 1);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(Math.max(maxStack, 1), maxLocals);
        }
    }
}
