package dev.deliverykit.architecture.violations.api.internal.text;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** VIOLATION (of the internal status rule): an internal type that promises stability. */
@API(status = STABLE)
public final class ClaimsToBeStable {}
