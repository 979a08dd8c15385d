package dev.deliverykit.junit5.realstack;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Shop.RelayKind;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep these tests run over the Spring outbox: a crash at every commit and every write of placing the
 * orders and relaying them, then a restart with the correct relay. A fixture names its store, the relay of the
 * dying process, the orders, and whether the restart reuses the run's pools; this base checks
 * {@link Checked the two invariants} unless the fixture declares its own (a failure message names the
 * class that declares the invariant field).
 */
abstract class OutboxSweep {

    @TempDir
    Path dir;

    final Store store;
    private final RelayKind relay;
    private final boolean sharedPools;
    private final String[] orderIds;

    OutboxSweep(Store store, RelayKind relay, boolean sharedPools, String... orderIds) {
        this.store = store;
        this.relay = relay;
        this.sharedPools = sharedPools;
        this.orderIds = orderIds;
    }

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)")
    void placedOrdersShipExactlyOnce(CrashScenario scenario) throws Exception {
        if (sharedPools) {
            Shop.crashAndRecoverOnSharedPools(scenario, store, dir, relay, orderIds);
        } else {
            Shop.crashAndRecover(scenario, store, dir, relay, orderIds);
        }
    }

    /** The sweep checked by every outbox message applied exactly once and every order shipped. */
    abstract static class Checked extends OutboxSweep {

        @CheckInvariant
        final Invariant exactlyOnce = Shop.exactlyOncePerMessage(store, () -> dir);

        @CheckInvariant
        final Invariant everyOrderShipped = Shop.everyOrderShipped(store, () -> dir);

        Checked(Store store, RelayKind relay, boolean sharedPools, String... orderIds) {
            super(store, relay, sharedPools, orderIds);
        }
    }
}
