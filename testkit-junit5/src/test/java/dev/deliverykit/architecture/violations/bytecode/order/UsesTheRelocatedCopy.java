package dev.deliverykit.architecture.violations.bytecode.order;

import dev.deliverykit.architecture.violations.bytecode.internal.shaded.net.bytebuddy.ByteBuddy;

/** VIOLATION: byte-buddy's relocated copy, used outside the weaver. */
public final class UsesTheRelocatedCopy {
    ByteBuddy byteBuddy;
}
