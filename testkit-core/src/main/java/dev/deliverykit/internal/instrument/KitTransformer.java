package dev.deliverykit.internal.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * A class file transformer of the kit: none of them needs the protection domain, and each keeps its own errors
 * (a class it fails on stays as it was).
 */
interface KitTransformer extends ClassFileTransformer {

    @Override
    default byte[] transform(
            ClassLoader loader,
            String className,
            Class<?> classBeingRedefined,
            ProtectionDomain protectionDomain,
            byte[] classfileBuffer) {
        return transform(loader, className, classBeingRedefined, classfileBuffer);
    }

    /**
     * The class file {@code classfileBuffer} of {@code className} (internal name) transformed, or {@code null}
     * to leave it as it is; {@code classBeingRedefined} is the class when it is retransformed, else {@code null}.
     */
    byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined, byte[] classfileBuffer);
}
