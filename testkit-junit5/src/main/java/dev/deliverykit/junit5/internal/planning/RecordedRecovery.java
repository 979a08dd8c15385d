package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.Recording;
import org.apiguardian.api.API;

/**
 * A crash case's recording of its first recovery, from which a sweep that crashes recoveries makes its recovery
 * crash cases ({@link SweepRecoveries}).
 *
 * @param first the crash case
 * @param recovery every hit its first {@code scenario.restart(...)} reached
 */
@API(status = INTERNAL, since = "0.1")
public record RecordedRecovery(KitCase.CrashAtHit first, Recording recovery) {}
