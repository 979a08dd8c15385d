package dev.deliverykit.architecture.violations.layers.reference.outbox;

import dev.deliverykit.architecture.violations.layers.boundary.Engine;

/** VIOLATION: a reference protocol with a test hook, a dependency on the engine that crashes it. */
public final class HookedRelay {
    Engine hook;
}
