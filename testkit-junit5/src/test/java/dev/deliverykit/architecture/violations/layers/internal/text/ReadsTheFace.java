package dev.deliverykit.architecture.violations.layers.internal.text;

import dev.deliverykit.architecture.violations.layers.junit5.CrashAtFace;

/** VIOLATION: an engine internal that depends on the JUnit face above it. */
public final class ReadsTheFace {
    CrashAtFace face;
}
