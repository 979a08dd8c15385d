package dev.deliverykit.internal.instrument;

import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * Weaves a fixed table of JDK methods: per class, per method name and descriptor, what to weave into it (the
 * {@code T} a {@link Weaving} turns into the method's visitor). Only classes of the JDK's loaders are woven; an
 * abstract (or otherwise {@code skippedAccess}) method is left alone. Errors go to {@code problems}.
 */
final class JdkMethodWeaver<T> implements KitTransformer {

    /** The visitor that weaves {@code what} into one method's code, handing the result to {@code original}. */
    @FunctionalInterface
    interface Weaving<T> {
        MethodVisitor weave(T what, MethodVisitor original);
    }

    private final Map<String, Map<String, T>> methods;
    private final BiPredicate<ClassLoader, String> jdkLoader;
    private final int skippedAccess;
    private final Weaving<T> weaving;
    private final Consumer<Throwable> problems;

    /**
     * @param jdkLoader whether a class of this name defined by this loader is the JDK's class of the table
     * @param skippedAccess access flags of methods that have no code to weave
     */
    JdkMethodWeaver(
            Map<String, Map<String, T>> methods,
            BiPredicate<ClassLoader, String> jdkLoader,
            int skippedAccess,
            Weaving<T> weaving,
            Consumer<Throwable> problems) {
        this.methods = methods;
        this.jdkLoader = jdkLoader;
        this.skippedAccess = skippedAccess;
        this.weaving = weaving;
        this.problems = problems;
    }

    @Override
    public byte[] transform(
            ClassLoader loader, String className, Class<?> classBeingRedefined, byte[] classfileBuffer) {
        Map<String, T> woven = className == null || !jdkLoader.test(loader, className) ? null : methods.get(className);
        if (woven == null) {
            return null;
        }
        try {
            return MethodRewriting.rewrite(classfileBuffer, 0, (access, name, descriptor, visitor) -> {
                T what = woven.get(name + descriptor);
                if (what == null || (access & skippedAccess) != 0) {
                    return visitor;
                }
                return weaving.weave(what, visitor);
            });
        } catch (Throwable error) {
            problems.accept(error);
            return null;
        }
    }
}
