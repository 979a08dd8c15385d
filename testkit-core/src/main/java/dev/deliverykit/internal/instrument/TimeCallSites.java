package dev.deliverykit.internal.instrument;

import dev.deliverykit.internal.instrument.KnownLibrary.Role;
import java.lang.instrument.ClassFileTransformer;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Points the code under test's own reads of the time at the bridge: each call of {@code System.currentTimeMillis()},
 * {@code System.nanoTime()}, {@code Thread.sleep} and {@code TimeUnit.sleep} becomes a call of the bridge's method of
 * the same stack shape, which answers from the kit's clock on an instance's thread whose time is woven and calls the
 * original everywhere else. The first two are native and take no advice, so their call sites change (as Byte Buddy's
 * {@code MemberSubstitution} does): no member is added or removed, which a retransformation allows.
 *
 * <p>Libraries whose reads of the time measure real waits are left alone: the JDK, drivers, pools, brokers' clients,
 * Spring, loggers, test runners and build tools, and the kit itself.
 */
final class TimeCallSites implements ClassFileTransformer {

    /** Never woven: their reads of the time measure real waits on real resources, or they are the kit's tools. */
    static final KnownLibrary.Names UNWOVEN = KnownLibrary.ofRoles(
            Role.JDK,
            Role.POOL,
            Role.DRIVER,
            Role.DATABASE_LAUNCHER,
            Role.BROKER_CLIENT,
            Role.NETWORK,
            Role.SPRING,
            Role.LOGGING_FACADE,
            Role.LOGGER,
            Role.LANGUAGE_RUNTIME,
            Role.TEST_RUNNER,
            Role.TEST_LIBRARY,
            Role.BUILD_TOOL,
            Role.BYTECODE,
            Role.JSON);

    /** Per owner, name and descriptor of a call: the bridge's method that replaces it, of the same stack shape. */
    private static final Map<String, String> REPLACED = Map.of(
            "java/lang/System.currentTimeMillis()J", "currentTimeMillis()J",
            "java/lang/System.nanoTime()J", "nanoTime()J",
            "java/lang/Thread.sleep(J)V", "sleep(J)V",
            "java/lang/Thread.sleep(JI)V", "sleep(JI)V",
            "java/lang/Thread.sleep(Ljava/time/Duration;)V", "sleep(Ljava/time/Duration;)V",
            "java/util/concurrent/TimeUnit.sleep(J)V", "sleep(Ljava/util/concurrent/TimeUnit;J)V");

    /** A class whose constant pool names none of these calls no method of them. */
    private static final byte[][] NAMES = {
        "currentTimeMillis".getBytes(StandardCharsets.UTF_8),
        "nanoTime".getBytes(StandardCharsets.UTF_8),
        "sleep".getBytes(StandardCharsets.UTF_8)
    };

    private final Consumer<Throwable> problems;

    TimeCallSites(Consumer<Throwable> problems) {
        this.problems = problems;
    }

    /** Whether a loaded class may hold call sites this weaves (and so is retransformed when it starts). */
    static boolean candidate(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader != null
                && loader != ClassLoader.getPlatformClassLoader()
                && !type.isArray()
                && !UNWOVEN.covers(type.getName())
                && !KitClasses.isEngine(type)
                && !KitClasses.isModule(type);
    }

    @Override
    public byte[] transform(
            ClassLoader loader,
            String className,
            Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        if (className == null
                || loader == null
                || loader == ClassLoader.getPlatformClassLoader()
                || UNWOVEN.coversInternal(className)
                || KitClasses.isEngine(protectionDomain)
                || KitClasses.isModule(protectionDomain)
                || !ClassShape.mentionsAny(classfileBuffer, NAMES)) {
            return null;
        }
        try {
            boolean[] changed = {false};
            byte[] woven = MethodRewriting.rewrite(
                    classfileBuffer, 0, (access, name, descriptor, visitor) -> new Substitution(visitor, changed));
            return changed[0] ? woven : null;
        } catch (Throwable error) {
            problems.accept(error);
            return null;
        }
    }

    /** Replaces each call of {@link #REPLACED} by its bridge's method. */
    private static final class Substitution extends MethodVisitor {
        private final boolean[] changed;

        Substitution(MethodVisitor next, boolean[] changed) {
            super(Opcodes.ASM9, next);
            this.changed = changed;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            String replacement = REPLACED.get(owner + "." + name + descriptor);
            if (replacement == null || opcode == Opcodes.INVOKESPECIAL) {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
                return;
            }
            changed[0] = true;
            int paren = replacement.indexOf('(');
            super.visitMethodInsn(
                    Opcodes.INVOKESTATIC,
                    BootstrapBridge.NAME,
                    replacement.substring(0, paren),
                    replacement.substring(paren),
                    false);
        }
    }
}
