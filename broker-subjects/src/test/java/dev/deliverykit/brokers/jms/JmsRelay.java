package dev.deliverykit.brokers.jms;

import dev.deliverykit.brokers.Names;
import dev.deliverykit.brokers.jms.JmsShop.Relay;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.invariant.jms.JmsQueueSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed (the fixture) and relayed to the case's queue by a process that may die, then by a fresh one;
 * nothing consumes, so the invariant reads the queue itself: every outbox message must be on it.
 */
abstract class JmsRelay {

    static final EmbeddedArtemis ARTEMIS = EmbeddedArtemis.get();

    @TempDir
    Path dir;

    final JdbcSource orders =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");

    @CheckInvariant
    final Invariant onTheQueue = Invariants.noLostIntent("every outbox message on the queue")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsFrom(JmsQueueSource.byProperty(this::queueName, "message_id", ARTEMIS::connectionFactory)
                    .named("the shipments queue by property message_id"));

    String queueName() {
        return Names.ofCase("shipments", dir);
    }

    void placeRelayAndRecover(CrashScenario scenario, Relay relay) throws Exception {
        String queue = queueName();
        scenario.prepare(() -> {
            JmsShop.createQueue(queue);
            JmsShop.placeOrder(dir, "o-1");
        });
        scenario.run(() -> JmsShop.relay(dir, queue, relay)); // dies at the case's crash
        scenario.restart(() -> JmsShop.relay(dir, queue, relay)); // a fresh relay on the same file and queue
    }
}
