package dev.deliverykit.subjects.shedlock;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import net.javacrumbs.shedlock.core.ClockProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two instances of the ShedLock shop, relay-a and relay-b, each ticking its relay once on the same H2 file with two
 * unsent orders; after every case, each order was delivered exactly once. ShedLock's clock is the case's kit clock.
 * A test names its sweep.
 */
abstract class LockedRelaySweep {

    static final List<String> ORDERS = List.of("o-1", "o-2");

    /** Longer than the lock's {@code lockAtMostFor}. */
    static final Duration PAST_THE_LOCK = Duration.ofSeconds(31);

    @TempDir
    Path dir;

    final JdbcSource shop = JdbcSource.url(() -> LockedRelayShop.url(dir)).named("shop");

    @CheckInvariant
    final Invariant deliveredExactlyOnce = Invariants.exactlyOncePerKey("every order delivered exactly once")
            .intentsIn(shop, "outbox", "order_id")
            .effectsIn(shop, "delivery", "order_id");

    private final Class<? extends OutboxRelay> relay;

    LockedRelaySweep(Class<? extends OutboxRelay> relay) {
        this.relay = relay;
    }

    /** Ticks both instances at once; relay-a sends through {@code brokerOfA}, relay-b at once. */
    void tickBoth(ScheduleScenario scenario, Broker brokerOfA) throws Exception {
        LockedRelayShop.seed(dir, ORDERS);
        ClockProvider.setClock(scenario.clock());
        try (LockedRelayShop a = LockedRelayShop.start(dir, "relay-a", relay, brokerOfA);
                LockedRelayShop b = LockedRelayShop.start(dir, "relay-b", relay, Broker.AT_ONCE)) {
            scenario.run(Instances.of("relay-a", a::tick).and("relay-b", b::tick));
        }
    }

    /** A broker that takes longer than the lock to accept each order: the kit's clock passes it first. */
    static Broker slowerThanTheLock(ScheduleScenario scenario) {
        return (jdbc, orderId, sender) -> {
            scenario.clock().advance(PAST_THE_LOCK);
            Broker.record(jdbc, orderId, sender);
        };
    }

    @AfterEach
    void systemClockForShedLock() {
        ClockProvider.setClock(Clock.systemUTC());
    }
}
