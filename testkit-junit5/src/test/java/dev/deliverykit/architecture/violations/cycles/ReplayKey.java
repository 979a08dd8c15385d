package dev.deliverykit.architecture.violations.cycles;

import dev.deliverykit.architecture.violations.cycles.order.DeliveryOrder;

/** VIOLATION, with {@link DeliveryOrder}: the root package and {@code order} need each other. */
public final class ReplayKey {
    DeliveryOrder order;
}
