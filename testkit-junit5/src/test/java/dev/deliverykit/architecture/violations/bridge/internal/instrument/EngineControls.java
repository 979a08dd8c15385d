package dev.deliverykit.architecture.violations.bridge.internal.instrument;

/** Compliant: the one class that switches the bridge, in its package. */
public final class EngineControls {
    static void activate() {
        Dispatcher.active = true;
    }
}
