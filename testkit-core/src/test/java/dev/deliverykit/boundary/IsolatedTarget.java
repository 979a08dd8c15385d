package dev.deliverykit.boundary;

/** Loaded a second time by a class loader that cannot see the kit, so it cannot be instrumented there. */
public final class IsolatedTarget {

    public static String run() {
        return "ran";
    }
}
