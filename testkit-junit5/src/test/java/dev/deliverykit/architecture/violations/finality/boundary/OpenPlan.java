package dev.deliverykit.architecture.violations.finality.boundary;

/** VIOLATION: a public class neither final nor abstract. */
public class OpenPlan {}
