package dev.deliverykit.architecture.violations.layers.boundary;

/** The engine's API: may be used by the JUnit face and the reference scenarios. */
public final class Engine {}
