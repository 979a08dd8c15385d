package dev.deliverykit.architecture.violations.layers.junit5;

import dev.deliverykit.architecture.violations.layers.boundary.Engine;

/** The JUnit face on top: it may use the engine (not a violation). */
public final class CrashAtFace {
    Engine engine;
}
