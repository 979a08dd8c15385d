package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Weaves the reads of the time, once, for the runs whose instances read the kit's clock: the JDK's system clock,
 * through which {@code Instant.now()}, {@code LocalDateTime.now()}, {@code Clock.systemUTC()} and the others read,
 * and the code under test's own calls ({@link TimeCallSites}). Every woven read asks the bridge, which answers from
 * the real clock unless the calling thread's time is woven. Needs the bridge that {@link JdkWeaving} defines.
 */
final class TimeWeaving {

    /** What a woven method of the system clock returns: a {@code long} of milliseconds or an {@code Instant}. */
    enum Read {
        MILLIS,
        INSTANT
    }

    /**
     * The JDK's system clock: its {@code millis()} and {@code instant()}, and {@code Clock.currentInstant()}, which
     * {@code Instant.now()} calls on a JDK that has it; each is woven to hand what it read to the bridge.
     */
    static final Map<String, Map<String, Read>> METHODS = Map.of(
            "java/time/Clock$SystemClock",
            Map.of("millis()J", Read.MILLIS, "instant()Ljava/time/Instant;", Read.INSTANT),
            "java/time/Clock",
            Map.of("currentInstant()Ljava/time/Instant;", Read.INSTANT));

    private TimeWeaving() {}

    /** Weaves the system clock and the call sites of the classes loaded from now on, and retransforms the loaded. */
    static void install(
            Instrumentation instrumentation, List<InstrumentationProblem> problems, Retransformation retransformation) {
        instrumentation.addTransformer(
                new JdkMethodWeaver<>(
                        METHODS,
                        (loader, className) -> loader == null,
                        Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE,
                        HandRead::new,
                        error -> problems.add(new InstrumentationProblem(
                                "the JDK's system clock (Instant.now() and its like read the real time)",
                                "bootstrap",
                                true,
                                error))),
                true);
        instrumentation.addTransformer(
                new TimeCallSites(error -> problems.add(new InstrumentationProblem(
                        "a class's reads of the time (System.currentTimeMillis(), Thread.sleep, ...)",
                        "its loader",
                        true,
                        error))),
                true);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            String name = type.getName();
            if (name.equals("java.time.Clock") || name.equals("java.time.Clock$SystemClock")) {
                loaded.add(type);
            } else if (TimeCallSites.candidate(type) && instrumentation.isModifiableClass(type)) {
                loaded.add(type);
            }
        }
        retransformation.retransform(loaded);
    }

    /** Before each return, hands the value read to {@code DeliveryKitTaskBridge.millis} or {@code .instant}. */
    private static final class HandRead extends MethodVisitor {
        private final Read read;

        HandRead(Read read, MethodVisitor next) {
            super(Opcodes.ASM9, next);
            this.read = read;
        }

        @Override
        public void visitInsn(int opcode) {
            if (read == Read.MILLIS && opcode == Opcodes.LRETURN) {
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, BootstrapBridge.NAME, "millis", "(J)J", false);
            } else if (read == Read.INSTANT && opcode == Opcodes.ARETURN) {
                mv.visitMethodInsn(
                        Opcodes.INVOKESTATIC,
                        BootstrapBridge.NAME,
                        "instant",
                        "(Ljava/time/Instant;)Ljava/time/Instant;",
                        false);
            }
            super.visitInsn(opcode);
        }
    }
}
