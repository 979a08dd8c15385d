package dev.deliverykit.architecture.violations.bytecode.internal.instrument;

import net.bytebuddy.ByteBuddy;

/** The weaver may use byte-buddy (not a violation). */
public final class Weaver {
    ByteBuddy byteBuddy;
    dev.deliverykit.architecture.violations.bytecode.internal.shaded.net.bytebuddy.ByteBuddy relocated;
}
