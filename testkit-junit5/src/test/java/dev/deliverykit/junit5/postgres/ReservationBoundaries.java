package dev.deliverykit.junit5.postgres;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.junit5.postgres.reservation.DedupWarehouse;
import dev.deliverykit.junit5.postgres.reservation.NaiveWarehouse;
import dev.deliverykit.junit5.postgres.reservation.ReservationService;
import dev.deliverykit.junit5.postgres.reservation.WarehouseClient;

/** The five boundaries of protocols.md section 1 in the PostgreSQL reservation service, one catalogue per variant. */
public final class ReservationBoundaries {

    /** Mark-first: its warehouse has no dedup, so after-reserve is the naive warehouse's exit. */
    public static final BoundaryCatalogue MARK_FIRST = catalogue("pg mark-first", NaiveWarehouse.class);
    /** The outbox without receiver dedup. */
    public static final BoundaryCatalogue WITHOUT_DEDUP = catalogue("pg outbox-without-dedup", NaiveWarehouse.class);
    /** The outbox with an atomic receiver receipt. */
    public static final BoundaryCatalogue ATOMIC_RECEIPT = catalogue("pg outbox-atomic-receipt", DedupWarehouse.class);

    private ReservationBoundaries() {
    }

    private static BoundaryCatalogue catalogue(String name, Class<?> warehouse) {
        return BoundaryCatalogue.builder(name)
                .add("before-submit", Selector.methodEntry(ReservationService.class, "submit"))   // before the local record
                .add("before-send", Selector.methodEntry(WarehouseClient.class, "send"))        // recorded, not sent
                .add("after-reserve", Selector.methodExit(warehouse, "reserve"))                  // effect, no response
                .add("after-send", Selector.methodExit(WarehouseClient.class, "send"))         // response, no mark
                .add("after-deliver", Selector.methodExit(ReservationService.class, "deliver"))   // after the mark
                .build();
    }
}
