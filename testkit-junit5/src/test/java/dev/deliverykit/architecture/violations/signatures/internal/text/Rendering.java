package dev.deliverykit.architecture.violations.signatures.internal.text;

/** An internal interface. */
public interface Rendering {}
