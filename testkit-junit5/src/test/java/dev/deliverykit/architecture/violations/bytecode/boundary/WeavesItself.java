package dev.deliverykit.architecture.violations.bytecode.boundary;

import net.bytebuddy.ByteBuddy;

/** VIOLATION: the engine's API using byte-buddy itself. */
public final class WeavesItself {
    ByteBuddy byteBuddy;
}
