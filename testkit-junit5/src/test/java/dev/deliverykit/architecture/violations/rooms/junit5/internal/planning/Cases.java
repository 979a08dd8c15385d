package dev.deliverykit.architecture.violations.rooms.junit5.internal.planning;

import dev.deliverykit.architecture.violations.rooms.junit5.HereScenario;
import dev.deliverykit.architecture.violations.rooms.junit5.internal.config.Settings;

/** VIOLATION: planning that reaches up to an entry point of the face (its settings are not a violation). */
public final class Cases {
    Settings settings;
    HereScenario scenario;
}
