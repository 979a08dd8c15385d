package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.Effect;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.InboxEntry;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.OutboxEntry;
import dev.deliverykit.reference.ordered.Projection;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.RelayResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The ten crash boundaries of protocols.md section 2, from real in-process crashes: one process advances
 * A1 ({@code expected_seq} 0), relays it and drains flow A, and the boundary engine kills it at each
 * boundary of {@link ReferenceBoundaries} in turn. The durable state is read back before recovery; then
 * new instances recover (re-advance A1, relay until idle, drain A) and the state is read again.
 *
 * <pre>{@code
 * String markdown = OrderedCrashTable.render(Files.createTempDirectory("ten-boundaries"));
 * }</pre>
 */
final class OrderedCrashTable {

    private static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    private static final int DRAIN_LIMIT = 10;

    /** One row of the contract's table: its number, its words, and the catalogue's boundary. */
    private record Row(int number, String processDies, String boundary) {}

    private static final List<Row> ROWS = List.of(
            new Row(
                    1,
                    "producer: after flow update, before outbox insert",
                    ReferenceBoundaries.PRODUCER_AFTER_FLOW_UPDATE),
            new Row(
                    2,
                    "producer: after outbox insert, before commit",
                    ReferenceBoundaries.PRODUCER_AFTER_OUTBOX_INSERT),
            new Row(3, "producer: after commit", ReferenceBoundaries.PRODUCER_AFTER_COMMIT),
            new Row(
                    4,
                    "consumer: after inbox insert, before receive commit",
                    ReferenceBoundaries.CONSUMER_AFTER_INBOX_INSERT),
            new Row(
                    5,
                    "consumer: after receive commit, before the ack returns",
                    ReferenceBoundaries.CONSUMER_AFTER_RECEIVE_COMMIT),
            new Row(
                    6,
                    "relay: after writing accepted=1, before producer commit",
                    ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE),
            new Row(7, "relay: after the accepted commit", ReferenceBoundaries.RELAY_AFTER_ACCEPTED_COMMIT),
            new Row(
                    8,
                    "apply: after projection update, before effect insert",
                    ReferenceBoundaries.APPLY_AFTER_PROJECTION_UPDATE),
            new Row(
                    9,
                    "apply: after effect + applied mark, before commit",
                    ReferenceBoundaries.APPLY_AFTER_APPLIED_MARK),
            new Row(10, "apply: after commit, before return", ReferenceBoundaries.APPLY_AFTER_COMMIT));

    private OrderedCrashTable() {}

    static String render(Path workDirectory) throws IOException {
        MarkdownTable table = new MarkdownTable(
                "#", "process dies", "boundary", "durable state before recovery", "recovery", "after recovery");
        for (Row row : ROWS) {
            Path directory = Files.createDirectories(workDirectory.resolve("crash-" + row.number()));
            SqliteDatabase producerDb = SqliteDatabase.at(directory.resolve("producer.db"));
            SqliteDatabase consumerDb = SqliteDatabase.at(directory.resolve("consumer.db"));
            BoundaryEngine.get()
                    .crashInProcess(
                            CrashPlan.at(ReferenceBoundaries.catalogue(), row.boundary()),
                            () -> advanceRelayDrain(producerDb, consumerDb));
            String before = durableState(producerDb, consumerDb);
            String recovery = recover(producerDb, consumerDb);
            table.row(
                    row.number(),
                    row.processDies(),
                    "`" + row.boundary() + "`",
                    before,
                    recovery,
                    afterRecovery(consumerDb));
        }
        return table.render();
    }

    /** The process that dies: producer, relay and consumer in one JVM, A1 from advance to apply. */
    private static void advanceRelayDrain(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            producer.advance(A1, 0);
            relay.relay();
            consumer.drain("A", DRAIN_LIMIT);
        }
    }

    /** New instances continue from durable state only: re-advance A1, relay until idle, drain A. */
    private static String recover(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            AdvanceOutcome advanced = producer.advance(A1, 0);
            List<String> relayed = new ArrayList<>();
            RelayResult result;
            do {
                result = relay.relay();
                relayed.add(ContractWords.of(result.outcome())
                        + result.eventId().map(id -> " " + id).orElse(""));
            } while (result.outcome() != RelayOutcome.IDLE);
            DrainResult drained = consumer.drain("A", DRAIN_LIMIT);
            return "advance " + ContractWords.of(advanced) + "; relay " + String.join(", ", relayed)
                    + "; drain applied " + drained.applied() + ", " + ContractWords.of(drained.stop());
        }
    }

    /** Flow, outbox, inbox, projection and effects as committed, read by new instances. */
    private static String durableState(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            String flow =
                    producer.flow("A").map(f -> f.state() + " seq=" + f.seq()).orElse("(none)");
            return "flow " + flow + ", outbox " + outbox(producer.outbox()) + ", inbox " + inbox(consumer.inbox())
                    + ", projection " + projection(consumer.projection("A")) + ", effects "
                    + effects(consumer.effects());
        }
    }

    private static String afterRecovery(SqliteDatabase consumerDb) {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            long a1Effects = consumer.effects().stream()
                    .filter(effect -> effect.eventId().equals("A1"))
                    .count();
            return "A1 effects " + a1Effects + ", projection " + projection(consumer.projection("A"));
        }
    }

    private static String outbox(List<OutboxEntry> rows) {
        return rows.isEmpty()
                ? "(none)"
                : rows.stream()
                        .map(row -> row.eventId() + " accepted=" + (row.accepted() ? 1 : 0))
                        .collect(Collectors.joining(" "));
    }

    private static String inbox(List<InboxEntry> rows) {
        return rows.isEmpty()
                ? "(none)"
                : rows.stream().map(row -> row.eventId() + " " + row.state()).collect(Collectors.joining(" "));
    }

    private static String effects(List<Effect> effects) {
        return effects.isEmpty()
                ? "(none)"
                : effects.stream()
                        .map(effect -> effect.eventId() + " " + effect.kind())
                        .collect(Collectors.joining(" "));
    }

    private static String projection(Projection projection) {
        return projection.state() + " last_seq=" + projection.lastSeq() + " held=" + projection.held();
    }
}
