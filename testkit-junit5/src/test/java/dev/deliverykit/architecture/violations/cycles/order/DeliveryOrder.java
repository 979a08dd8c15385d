package dev.deliverykit.architecture.violations.cycles.order;

import dev.deliverykit.architecture.violations.cycles.ReplayKey;

/** VIOLATION, with {@link ReplayKey}: the root package and {@code order} need each other. */
public final class DeliveryOrder {
    ReplayKey key;
}
