package dev.deliverykit.reference.scenarios;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Relay;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The process of the ten-boundary table: {@code <producer db> <consumer db>}; producer, relay and consumer
 * in one process advance A1 with {@code expected_seq} 0, relay it once and drain flow A.
 *
 * <p>Public only so that a child JVM can create it ({@link dev.deliverykit.boundary.ChildLaunch}): the scenario
 * report's crash tables run it there, its tests run it in both modes. Not an API.
 */
@API(status = INTERNAL, since = "0.1")
public final class AdvanceRelayDrain implements ProcessWorkload {

    static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    /** Steps of one drain: more than flow A ever holds. */
    static final int DRAIN_LIMIT = 10;

    @Override
    public void run(List<String> arguments) {
        SqliteDatabase producerDb = SqliteDatabase.at(Path.of(arguments.get(0)));
        SqliteDatabase consumerDb = SqliteDatabase.at(Path.of(arguments.get(1)));
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            producer.advance(A1, 0);
            relay.relay();
            consumer.drain("A", DRAIN_LIMIT);
        }
    }
}
