package dev.deliverykit.architecture.violations.api.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Marked (not a violation). */
@API(status = EXPERIMENTAL)
public final class Marked {}
