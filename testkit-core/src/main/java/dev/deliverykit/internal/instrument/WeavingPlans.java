package dev.deliverykit.internal.instrument;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * What each method of one class file gets woven, and the weaving of it: a JDBC kind, a method boundary, or both
 * (the boundary outside the JDBC call, so that it sees the JDBC call as part of the method).
 */
final class WeavingPlans {

    /** What one method gets. */
    static final class Plan {
        WovenMethod.Kind jdbc;
        /** {@code type|method|descriptor} of a method boundary, else {@code null}. */
        String origin;
        /** The operation a guarded call names in messages. */
        String guarded;
    }

    private final Map<String, Plan> plans = new HashMap<>();

    /** The plan of {@code method}, made empty on first use. */
    Plan of(ClassShape.Method method) {
        String key = method.name() + method.descriptor();
        Plan plan = plans.get(key);
        if (plan == null) {
            plan = new Plan();
            plans.put(key, plan);
        }
        return plan;
    }

    boolean isEmpty() {
        return plans.isEmpty();
    }

    /** Drops every plan (the class cannot link against the kit). */
    void clear() {
        plans.clear();
    }

    /** The class file {@code original} with the plans woven in. */
    byte[] weave(byte[] original, ClassShape shape) {
        return MethodRewriting.rewrite(original, ClassReader.EXPAND_FRAMES, (access, name, descriptor, visitor) -> {
            Plan plan = plans.get(name + descriptor);
            if (plan == null) {
                return visitor;
            }
            MethodVisitor woven = visitor;
            if (plan.origin != null) {
                woven = WovenMethod.weave(
                        WovenMethod.Kind.METHOD,
                        shape.name(),
                        access,
                        name,
                        descriptor,
                        shape.version(),
                        plan.origin,
                        woven);
            }
            if (plan.jdbc != null) {
                woven = WovenMethod.weave(
                        plan.jdbc, shape.name(), access, name, descriptor, shape.version(), plan.guarded, woven);
            }
            return woven;
        });
    }
}
