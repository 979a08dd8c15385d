package dev.deliverykit.architecture.violations.rooms.junit5.internal.execution;

import dev.deliverykit.architecture.violations.rooms.junit5.CrashHere;
import dev.deliverykit.architecture.violations.rooms.junit5.internal.config.Settings;
import dev.deliverykit.architecture.violations.rooms.junit5.internal.planning.Cases;
import dev.deliverykit.architecture.violations.rooms.junit5.internal.rerun.Rerun;

/** Execution: it may use the rooms below it and read the declarations (not a violation). */
public final class Invocations {
    CrashHere feature;
    Cases cases;
    Rerun rerun;
    Settings settings;
}
