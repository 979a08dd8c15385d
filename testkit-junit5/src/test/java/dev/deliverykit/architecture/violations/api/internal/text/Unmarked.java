package dev.deliverykit.architecture.violations.api.internal.text;

/** VIOLATION (of both status rules): an internal public type with no status. */
public final class Unmarked {}
