package dev.deliverykit.architecture.violations.rooms.junit5.internal.rerun;

import dev.deliverykit.architecture.violations.rooms.junit5.internal.config.Settings;

/** The rerun child: it may use the configuration (not a violation). */
public final class Rerun {
    Settings settings;
}
