package dev.deliverykit.junit5.places;

import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixtures of {@link PlacesTests}, run only through the test kit. Every case writes its replay key and what
 * survived the crash, read back with plain JDBC, to {@link #SEEN}: {@code KEY left [order o-1 placed, ...]}.
 */
final class PlacesTestCases {

    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    private PlacesTestCases() {}

    static void seen(CrashScenario scenario, Path file) throws SQLException {
        SEEN.add(scenario.replayKey() + " left " + Shop.durable(file));
    }

    /** Places o-1 and o-2 and relays them, after an audit note if {@code auditFirst}; then records what survived. */
    static void twoOrders(CrashScenario scenario, Path dir, boolean auditFirst) throws SQLException {
        Path file = dir.resolve("shop.db");
        Shop shop = Shop.open(file);
        scenario.run(() -> {
            if (auditFirst) {
                shop.audit("start");
            }
            shop.placeOrder("o-1");
            shop.placeOrder("o-2");
            shop.relay();
        });
        seen(scenario, file);
    }

    /** The shop's workload as first written: two orders, then the relay. */
    @CrashTestKitOnly
    static class TwoOrders {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void theOrdersAreRelayed(CrashScenario scenario) throws Exception {
            twoOrders(scenario, dir, false);
        }
    }

    /** The same workload after an edit: an audit note is committed first, in a method of its own. */
    @CrashTestKitOnly
    static class TwoOrdersAfterAnAuditNote {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void theOrdersAreRelayed(CrashScenario scenario) throws Exception {
            twoOrders(scenario, dir, true);
        }
    }

    /** The first workload, swept only where the relay runs. */
    @CrashTestKitOnly
    static class TwoOrdersSweptWithinTheRelay {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, within = "dev.deliverykit.junit5.places.Shop#relay")
        void theOrdersAreRelayed(CrashScenario scenario) throws Exception {
            twoOrders(scenario, dir, false);
        }
    }

    /** A statement with a SQL pattern, a commit and a method boundary, each within a place. */
    @CrashTestKitOnly
    static class ScopedCrashAts {
        @TempDir
        Path dir;

        @CrashAt(selector = "after-statement:^INSERT INTO outbox within dev.deliverykit.junit5.places.Shop#cancelOrder")
        @CrashAt(selector = "after-commit within dev.deliverykit.junit5.places.Shop#relay", occurrence = 2)
        @CrashAt(
                selector = "method-exit:dev.deliverykit.junit5.places.Outbox#add within"
                        + " dev.deliverykit.junit5.places.Shop#placeOrder",
                occurrence = 2)
        void placeTwoCancelOneRelay(CrashScenario scenario) throws Exception {
            Path file = dir.resolve("shop.db");
            Shop shop = Shop.open(file);
            scenario.run(() -> {
                shop.placeOrder("o-1");
                shop.placeOrder("o-2");
                shop.cancelOrder("o-1");
                shop.relay();
            });
            seen(scenario, file);
        }
    }

    /** A place by its simple name: it is never on the stack. */
    @CrashTestKitOnly
    static class SimpleNamePlace {
        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit within Shop#relay")
        void relay(CrashScenario scenario) {
            Shop shop = Shop.open(dir.resolve("shop.db"));
            scenario.run(() -> {
                shop.placeOrder("o-1");
                shop.relay();
            });
        }
    }

    /** A place written with a dot. */
    @CrashTestKitOnly
    static class MalformedPlace {
        @CrashAt(selector = "after-commit within Shop.relay")
        void relay(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    /** A place whose class is on the class path without the method. */
    @CrashTestKitOnly
    static class MissingMethodPlace {
        @CrashAt(selector = "after-commit within dev.deliverykit.junit5.places.Shop#relayAll")
        void relay(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    /** A sweep within a place written with a dot. */
    @CrashTestKitOnly
    static class MalformedSweepPlace {
        @CrashSweep(kinds = SweepKind.COMMITS, within = "Shop.relay")
        void relay(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    /** A sweep within a place the workload never runs through. */
    @CrashTestKitOnly
    static class SweepWithinAPlaceNeverRun {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, within = "dev.deliverykit.junit5.places.Shop#cancelOrder")
        void relay(CrashScenario scenario) {
            Shop shop = Shop.open(dir.resolve("shop.db"));
            scenario.run(() -> {
                shop.placeOrder("o-1");
                shop.relay();
            });
        }
    }
}
