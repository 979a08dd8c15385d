package dev.deliverykit.architecture.violations.finality.boundary;

/** Meant for extension, and says so by being abstract (not a violation). */
public abstract class AbstractInvariant {}
