package dev.deliverykit.architecture.violations.layers.reference.scenarios;

import dev.deliverykit.architecture.violations.layers.boundary.Engine;
import dev.deliverykit.architecture.violations.layers.reference.outbox.HookedRelay;

/** The scenario report drives the protocols with the engine (not a violation). */
public final class SweepsTheRelay {
    Engine engine;
    HookedRelay relay;
}
