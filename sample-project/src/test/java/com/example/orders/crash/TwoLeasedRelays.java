package com.example.orders.crash;

import com.example.orders.Days;
import com.example.orders.LeasedOutboxRelay;
import com.example.orders.MessageHandler;
import com.example.orders.OrderService;
import com.example.orders.contract.BrokerStub;
import com.example.orders.db.Database;
import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.junit5.ScheduleSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas of a relay that claims with a 30 s lease ({@link LeasedOutboxRelay#LEASE}), relay-a and relay-b,
 * swept with a stall of 31 s after each of their transactions ({@link OrderBoundaries#BETWEEN_TRANSACTIONS}): one replica stops there while the kit's clock passes its
 * lease and the other runs to its end, then it carries on. They hand the messages to a {@link BrokerStub}, which
 * keeps every copy (no dedup), so a second send shows as a second row. The subclass says which relay the replicas
 * run.
 */
public abstract class TwoLeasedRelays {

    static final Clock ORDERS_CLOCK = Days.clockOn(Days.DAY_ONE);

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource broker =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("broker.db")).named("broker.db");

    @CheckInvariant
    final Invariant eachMessageSentOnce = Invariants.exactlyOncePerKey("each message sent once")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(broker, "sent_message", "message_id");

    /** The replica {@code relayId} of the relay under test, its leases read from {@code clock}: one run a call. */
    protected abstract IntSupplier relay(Database orderDb, MessageHandler broker, String relayId, Clock clock);

    // tag::stall-sweep[]
    @BoundaryCatalogueSource(value = OrderBoundaries.class, field = "BETWEEN_TRANSACTIONS")
    @ScheduleSweep(kinds = SweepKind.CATALOGUE, stall = "31s")
    void eachMessageReachesTheBrokerOnce(ScheduleScenario scenario) throws Exception {
        orderService().placeOrder("o-1", "alice", 1250);
        orderService().placeOrder("o-2", "bob", 990);
        IntSupplier relayA = relay("relay-a", scenario.clock());
        IntSupplier relayB = relay("relay-b", scenario.clock());

        scenario.run(Instances.of("relay-a", relayA::getAsInt).and("relay-b", relayB::getAsInt));
        scenario.restart(() -> relay("relay-a", scenario.clock()).getAsInt()); // relay-a's next run
    }
    // end::stall-sweep[]

    private IntSupplier relay(String relayId, Clock clock) {
        return relay(
                Database.sqlite(dir.resolve("orders.db")), new BrokerStub(dir.resolve("broker.db")), relayId, clock);
    }

    private OrderService orderService() {
        return new OrderService(Database.sqlite(dir.resolve("orders.db")), ORDERS_CLOCK);
    }
}
