package dev.deliverykit.architecture.violations.bridge.boundary;

import dev.deliverykit.architecture.violations.bridge.internal.instrument.Dispatcher;

/** VIOLATION: the engine's run switching the woven code's bridge itself, not through its controls. */
public final class SwitchesItself {
    void start() {
        Dispatcher.active = true;
    }
}
