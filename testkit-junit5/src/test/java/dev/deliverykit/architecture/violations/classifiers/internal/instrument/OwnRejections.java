package dev.deliverykit.architecture.violations.classifiers.internal.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/** VIOLATION: a class file transformer that rejects classes by a prefix of its own. */
final class OwnRejections implements ClassFileTransformer {

    @Override
    public byte[] transform(
            ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] classfileBuffer) {
        if (name.startsWith("org/junit/", 0) || Table.isPool(name)) {
            return null;
        }
        return classfileBuffer;
    }
}
