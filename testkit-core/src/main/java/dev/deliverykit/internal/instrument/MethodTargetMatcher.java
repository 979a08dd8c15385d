package dev.deliverykit.internal.instrument;

import java.util.List;
import net.bytebuddy.jar.asm.Opcodes;

/** Which methods of a class file get a method boundary: those that the method selectors' targets name. */
final class MethodTargetMatcher {

    private MethodTargetMatcher() {}

    /** The methods the targets name, with a body; the origin is {@code type|method|descriptor}. */
    static void choose(ClassShape shape, List<MethodTarget> named, MethodWeavings weavings) {
        String typeName = shape.name().replace('/', '.');
        for (ClassShape.Method method : shape.methods()) {
            // A bridge or other synthetic method only calls the real one: woven too, one call would hit twice.
            if (!method.hasCode()
                    || method.name().startsWith("<")
                    || method.has(Opcodes.ACC_BRIDGE)
                    || method.has(Opcodes.ACC_SYNTHETIC)) {
                continue;
            }
            for (MethodTarget target : named) {
                if (target.methodName().equals(method.name())
                        && (target.parameterTypes() == null
                                || target.parameterTypes()
                                        .equals(Descriptors.parameterTypeNames(method.descriptor())))) {
                    weavings.of(method).origin = typeName + "|" + method.name() + "|" + method.descriptor();
                    break;
                }
            }
        }
    }
}
