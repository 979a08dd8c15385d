package dev.deliverykit.internal.instrument;

import dev.deliverykit.internal.instrument.KnownLibrary.Role;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The engine's one class file transformer for JDBC calls and method boundaries. It rejects most classes by
 * name before parsing anything, then decides from the class file alone, loading no class: {@link JdbcMatcher}
 * picks the JDBC calls (super types read by {@link SuperTypes}), {@link MethodTargetMatcher} the methods that
 * method selectors name, into {@link MethodWeavings}, which weaves them ({@link WovenMethod} says what is
 * injected).
 *
 * <p>Every transformation starts from the class's original bytes (the JVM passes them again on every
 * retransformation), so the JDBC calls and all method boundaries known at that time are woven together,
 * the method boundary outside the JDBC call, and nothing twice. Errors are handed to {@code problems},
 * never dropped; the class then stays as it was.
 */
final class Weaver implements ClassFileTransformer {

    /**
     * Packages that hold no JDBC driver or pool: the JDK, test and build tools, logging facades, language
     * runtimes, the kit's libraries. Every class that loads comes here; these are rejected by name, before anything is parsed.
     */
    private static final KnownLibrary.Names NOT_JDBC = KnownLibrary.ofRoles(
            Role.JDK,
            Role.TEST_RUNNER,
            Role.TEST_LIBRARY,
            Role.BUILD_TOOL,
            Role.LOGGING_FACADE,
            Role.LANGUAGE_RUNTIME,
            Role.BYTECODE,
            Role.JSON);

    /** Never woven, not even for a method selector: ByteBuddy (and the engine itself, by its code source). */
    private static final KnownLibrary.Names NEVER = KnownLibrary.ofRoles(Role.BYTECODE);

    /** What the weaver needs from the {@link Instrumenter}. */
    interface Host {
        /** Whether classes defined by {@code loader} can link against the Dispatcher. */
        boolean seesKit(ClassLoader loader);

        /** Keeps an error that left {@code typeName} unwoven. */
        void problem(String typeName, ClassLoader loader, boolean retransforming, Throwable error);

        /** {@code typeName} was woven. */
        void woven(String typeName);
    }

    private final Host host;
    private volatile boolean jdbc;
    /** Per internal class name, the method selectors' targets; replaced, never changed. */
    private volatile Map<String, List<MethodTarget>> targets = Map.of();

    private final ClassHeaders headers = new ClassHeaders();

    Weaver(Host host) {
        this.host = host;
    }

    /** From now on JDBC calls are woven into the classes that load (and those retransformed). */
    void weaveJdbc() {
        jdbc = true;
    }

    /** From now on these method targets too (per internal class name). */
    synchronized void weaveMethods(Map<String, List<MethodTarget>> all) {
        targets = Map.copyOf(all);
    }

    @Override
    public byte[] transform(
            ClassLoader loader,
            String className,
            Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        if (className == null || NEVER.coversInternal(className)) {
            return null;
        }
        List<MethodTarget> named = targets.get(className);
        boolean jdbcCandidate = jdbc
                && loader != null
                && !NOT_JDBC.coversInternal(className)
                && JdbcMatcher.mentionsJdbcMethod(classfileBuffer);
        if (named == null && !jdbcCandidate || KitClasses.isEngine(protectionDomain)) {
            return null;
        }
        String typeName = className.replace('/', '.');
        boolean retransforming = classBeingRedefined != null;
        try {
            ClassShape shape = ClassShape.read(classfileBuffer);
            if (shape.has(Opcodes.ACC_SYNTHETIC)) {
                return null;
            }
            MethodWeavings weavings = new MethodWeavings();
            if (jdbcCandidate) {
                JdbcMatcher.choose(shape, new SuperTypes(shape, loader, classBeingRedefined, headers), weavings);
                if (!weavings.isEmpty() && !host.seesKit(loader)) {
                    host.problem(
                            typeName,
                            loader,
                            retransforming,
                            new IllegalStateException(WeavingMessages.noJdbcBoundaries()));
                    weavings.clear();
                }
            }
            if (named != null) {
                if (!host.seesKit(loader)) {
                    host.problem(
                            typeName, loader, retransforming, new IllegalStateException(WeavingMessages.noAdvice()));
                } else {
                    MethodTargetMatcher.choose(shape, named, weavings);
                }
            }
            if (weavings.isEmpty()) {
                return null;
            }
            byte[] woven = weavings.weave(classfileBuffer, shape);
            host.woven(typeName);
            return woven;
        } catch (Throwable error) {
            host.problem(typeName, loader, retransforming, error);
            return null;
        }
    }

    /** Whether a loaded class is never woven with JDBC calls, by its package or as the engine's own. */
    static boolean rejects(Class<?> type) {
        String name = type.getName();
        return NOT_JDBC.covers(name) || NEVER.covers(name) || KitClasses.isEngine(type);
    }
}
