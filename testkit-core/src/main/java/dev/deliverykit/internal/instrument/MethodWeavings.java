package dev.deliverykit.internal.instrument;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * What each method of one class file gets woven, and the weaving of it: a JDBC kind, a method boundary, or both
 * (the boundary outside the JDBC call, so that it sees the JDBC call as part of the method).
 */
final class MethodWeavings {

    /** What one method gets. */
    static final class Weaving {
        WovenMethod.Kind jdbc;
        /** {@code type|method|descriptor} of a method boundary, else {@code null}. */
        String origin;
        /** The operation a guarded call names in messages. */
        String guarded;
    }

    private final Map<String, Weaving> weavings = new HashMap<>();

    /** The weaving of {@code method}, made empty on first use. */
    Weaving of(ClassShape.Method method) {
        String key = method.name() + method.descriptor();
        Weaving weaving = weavings.get(key);
        if (weaving == null) {
            weaving = new Weaving();
            weavings.put(key, weaving);
        }
        return weaving;
    }

    boolean isEmpty() {
        return weavings.isEmpty();
    }

    /** Drops every weaving (the class cannot link against the kit). */
    void clear() {
        weavings.clear();
    }

    /** The class file {@code original} with the weavings applied. */
    byte[] weave(byte[] original, ClassShape shape) {
        return MethodRewriting.rewrite(original, ClassReader.EXPAND_FRAMES, (access, name, descriptor, visitor) -> {
            Weaving weaving = weavings.get(name + descriptor);
            if (weaving == null) {
                return visitor;
            }
            MethodVisitor woven = visitor;
            if (weaving.origin != null) {
                woven = WovenMethod.weave(
                        WovenMethod.Kind.METHOD,
                        shape.name(),
                        access,
                        name,
                        descriptor,
                        shape.version(),
                        weaving.origin,
                        woven);
            }
            if (weaving.jdbc != null) {
                woven = WovenMethod.weave(
                        weaving.jdbc, shape.name(), access, name, descriptor, shape.version(), weaving.guarded, woven);
            }
            return woven;
        });
    }
}
