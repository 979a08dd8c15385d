package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.Names;
import dev.deliverykit.brokers.jms.JmsShop.Relay;
import dev.deliverykit.brokers.jms.JmsShop.Shipping;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed (the fixture), relayed to the case's queue and shipped by processes that may die; then fresh
 * ones on the same files and queue. The queue is empty once shipping drained it, so the invariants read the two
 * databases; {@link JmsRelay} reads the queue.
 */
abstract class JmsPipeline {

    static final EmbeddedArtemis ARTEMIS = EmbeddedArtemis.get();

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant shippedOnce = Invariants.exactlyOncePerKey("every order shipped once")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(shipping, "shipment", "message_id");

    String queueName() {
        return Names.ofCase("shipments", dir);
    }

    void placeRelayShipAndRecover(CrashScenario scenario, Relay relay, Shipping shipping) throws Exception {
        String queue = queueName();
        scenario.prepare(() -> {
            JmsShop.createQueue(queue);
            JmsShop.placeOrder(dir, "o-1");
        });
        scenario.run(
                () -> { // dies at the case's crash
                    JmsShop.relay(dir, queue, relay);
                    JmsShop.ship(dir, queue, shipping);
                });
        scenario.restart(
                () -> { // fresh processes, once the broker took back what the dead one had not acknowledged
                    JmsShop.awaitBrokerNoticedDeath(queue);
                    JmsShop.relay(dir, queue, relay);
                    JmsShop.ship(dir, queue, shipping);
                });
    }
}
