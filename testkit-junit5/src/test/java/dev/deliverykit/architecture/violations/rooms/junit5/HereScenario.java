package dev.deliverykit.architecture.violations.rooms.junit5;

import dev.deliverykit.architecture.violations.rooms.junit5.internal.execution.Invocations;

/** An entry point of the face, on top: it may use execution (not a violation). */
public final class HereScenario {
    Invocations invocations;
}
