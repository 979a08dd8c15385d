package dev.deliverykit.architecture.violations.bytecode.internal.shaded.net.bytebuddy;

/** Stands for byte-buddy as the agent jar relocates it. */
public final class ByteBuddy {}
