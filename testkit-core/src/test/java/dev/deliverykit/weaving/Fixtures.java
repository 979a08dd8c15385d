package dev.deliverykit.weaving;

import java.lang.invoke.MethodHandles;

/** Defines woven fixture bytes as hidden classes of this package, unseen by the JVM's transformers. */
public final class Fixtures {

    private Fixtures() {}

    /** A lookup in this package. */
    public static MethodHandles.Lookup lookup() {
        return MethodHandles.lookup();
    }
}
