package dev.deliverykit.architecture.violations.cycles.boundary;

import dev.deliverykit.architecture.violations.cycles.order.DeliveryOrder;

/** One way only: {@code boundary} needs {@code order}, which does not need it back (not a violation). */
public final class Workload {
    DeliveryOrder order;
}
