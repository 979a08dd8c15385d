package dev.deliverykit.architecture.violations.bridge.internal.instrument;

/** The bridge with its switch in the open. */
public final class Dispatcher {
    public static volatile boolean active;
}
