package dev.deliverykit.reference.ordered;

import dev.deliverykit.process.Handshake;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Test child: one racing process of the ordered protocol. It opens its own component (its own
 * connection), says READY, waits for GO, runs one operation and prints {@code OUTCOME ...} lines.
 *
 * <pre>
 * advance  PRODUCER_DB EVENT_JSON EXPECTED_SEQ   OUTCOME COMMITTED
 * receive  CONSUMER_DB EVENT_JSON                OUTCOME ACCEPTED
 * apply    CONSUMER_DB FLOW_ID                   OUTCOME APPLIED
 * relay    PRODUCER_DB CONSUMER_DB               OUTCOME ACCEPTED A1 ... OUTCOME IDLE  (relays until idle)
 * </pre>
 */
public final class OrderedChild {

    /** Generous, so that six JVMs on two cores queue for the write lock instead of failing. */
    private static final Duration BUSY_TIMEOUT = Duration.ofSeconds(30);

    private OrderedChild() {}

    public static void main(String[] args) {
        switch (args[0]) {
            case "advance" -> advance(database(args[1]), args[2], Long.parseLong(args[3]));
            case "receive" -> receive(database(args[1]), args[2]);
            case "apply" -> apply(database(args[1]), args[2]);
            case "relay" -> relay(database(args[1]), database(args[2]));
            default ->
                throw new IllegalArgumentException(
                        "unknown operation " + args[0] + "; use advance, receive, apply or relay");
        }
    }

    private static void advance(SqliteDatabase producerDb, String eventJson, long expectedSeq) {
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            Handshake.readyThenAwaitGo();
            print(producer.advance(eventJson, expectedSeq));
        }
    }

    private static void receive(SqliteDatabase consumerDb, String eventJson) {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            Handshake.readyThenAwaitGo();
            print(consumer.receive(eventJson));
        }
    }

    private static void apply(SqliteDatabase consumerDb, String flowId) {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            Handshake.readyThenAwaitGo();
            print(consumer.apply(flowId).outcome());
        }
    }

    private static void relay(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            Handshake.readyThenAwaitGo();
            RelayResult result;
            do {
                result = relay.relay();
                print(result.outcome() + result.eventId().map(id -> " " + id).orElse(""));
            } while (result.outcome() != RelayOutcome.IDLE);
        }
    }

    private static SqliteDatabase database(String file) {
        return SqliteDatabase.at(Path.of(file)).withBusyTimeout(BUSY_TIMEOUT);
    }

    private static void print(Object outcome) {
        System.out.println("OUTCOME " + outcome);
        System.out.flush();
    }
}
