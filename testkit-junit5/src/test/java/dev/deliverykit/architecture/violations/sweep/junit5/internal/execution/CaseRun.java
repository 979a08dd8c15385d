package dev.deliverykit.architecture.violations.sweep.junit5.internal.execution;

/** Compliant: the run of one invocation, as the kit's. */
public abstract class CaseRun {}
