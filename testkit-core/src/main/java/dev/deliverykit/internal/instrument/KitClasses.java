package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * The kit's own classes, told by their code source and never by their names: a test's fixture in a kit package is
 * code under test. The engine (testkit-core) is known by this class's code source; the kit's other modules (the
 * JUnit face, testkit-spring) register theirs ({@link #registerModule}) before they run a workload. The libraries
 * around the code under test are told by name instead ({@link KnownLibrary}).
 */
@API(status = INTERNAL, since = "0.1")
public final class KitClasses {

    private static final ProtectionDomain ENGINE_DOMAIN = KitClasses.class.getProtectionDomain();
    private static final CodeSource ENGINE = codeSource(ENGINE_DOMAIN);
    /** What {@link #SOURCES} keeps for a class without a code source (the JDK's, a generated class's). */
    private static final Object NONE = new Object();
    /** Per class its code source, or {@link #NONE}: asked for every frame a hit or an outside call walks. */
    private static final ClassValue<Object> SOURCES = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            CodeSource source = codeSource(type.getProtectionDomain());
            return source == null ? NONE : source;
        }
    };

    /** The bridge the engine defines in {@code java.base}, where woven JDK code calls it: it has no code source. */
    private static final String BRIDGE = BootstrapBridge.NAME.replace('/', '.');

    private static final ClassValue<Boolean> ENGINE_CLASSES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return ENGINE != null && ENGINE.equals(SOURCES.get(type))
                    || type.getClassLoader() == null && type.getName().equals(BRIDGE);
        }
    };

    /** The code sources of the kit's other modules; replaced, never changed. */
    private static volatile CodeSource[] modules = {};

    private KitClasses() {}

    /** Whether {@code type} is one of the engine's classes: testkit-core's, of any package, or its bridge. */
    public static boolean isEngine(Class<?> type) {
        return ENGINE_CLASSES.get(type);
    }

    /** Whether a class of this protection domain, loaded or about to be, is one of the engine's. */
    static boolean isEngine(ProtectionDomain domain) {
        return domain != null && (domain == ENGINE_DOMAIN || ENGINE != null && ENGINE.equals(domain.getCodeSource()));
    }

    /**
     * Registers the module {@code anyClassOfIt} belongs to as the kit's own: its classes are then never the code
     * under test. A module registers before it runs a workload, so before any of its frames can be asked about.
     */
    public static synchronized void registerModule(Class<?> anyClassOfIt) {
        CodeSource source = codeSource(anyClassOfIt.getProtectionDomain());
        if (source == null || Arrays.asList(modules).contains(source)) {
            return;
        }
        CodeSource[] more = Arrays.copyOf(modules, modules.length + 1);
        more[modules.length] = source;
        modules = more;
    }

    /** Whether a class of this protection domain, loaded or about to be, is one of a registered module's. */
    static boolean isModule(ProtectionDomain domain) {
        CodeSource source = domain == null ? null : codeSource(domain);
        return source != null && Arrays.asList(modules).contains(source);
    }

    /** Whether {@code type} is a class of a module registered with {@link #registerModule}. */
    public static boolean isModule(Class<?> type) {
        CodeSource[] registered = modules;
        if (registered.length == 0) {
            return false;
        }
        Object source = SOURCES.get(type);
        for (CodeSource module : registered) {
            if (module == source || module.equals(source)) {
                return true;
            }
        }
        return false;
    }

    private static CodeSource codeSource(ProtectionDomain domain) {
        return domain == null ? null : domain.getCodeSource();
    }
}
