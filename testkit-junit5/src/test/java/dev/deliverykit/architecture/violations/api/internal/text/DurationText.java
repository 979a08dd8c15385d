package dev.deliverykit.architecture.violations.api.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** Internal, and says so (not a violation). */
@API(status = INTERNAL)
public final class DurationText {}
