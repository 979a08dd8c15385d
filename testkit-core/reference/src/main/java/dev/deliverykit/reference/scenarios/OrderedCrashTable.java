package dev.deliverykit.reference.scenarios;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.Effect;
import dev.deliverykit.reference.ordered.InboxEntry;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.OutboxEntry;
import dev.deliverykit.reference.ordered.Projection;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.RelayResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * The ten crash boundaries of protocols.md section 2, from real process exits: for each boundary of
 * {@link ReferenceBoundaries} in turn, a child JVM runs {@link AdvanceRelayDrain} (advance A1 with
 * {@code expected_seq} 0, relay it, drain flow A) on fresh files and the boundary engine halts it there with
 * exit code 73. The durable state is read back before recovery; then new instances in this JVM recover
 * (re-advance A1, relay until idle, drain A) and the state is read again. The same ten crashes in this JVM
 * (in process) must give the same rows; the table says whether they do.
 *
 * <pre>{@code
 * String markdown = OrderedCrashTable.render(Files.createTempDirectory("ten-boundaries"));
 * }</pre>
 */
final class OrderedCrashTable {

    /** One row of the contract's table: its number, its words, and the catalogue's boundary. */
    record Row(int number, String processDies, String boundary) {}

    /** A row as it came out: the crash (with the child's exit code, if any) and the state around recovery. */
    record Outcome(Row row, CrashResult crash, String before, String recovery, String after) {

        /** The row's cells but the exit code: what must not depend on how the process died. */
        List<Object> cells() {
            return List.of(row.number(), row.processDies(), "`" + row.boundary() + "`", before, recovery, after);
        }

        Object[] cellsWithExit() {
            List<Object> cells = new ArrayList<>(cells());
            cells.add(3, CrashEvidence.exitCode(crash));
            return cells.toArray();
        }
    }

    static final List<Row> ROWS = List.of(
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

    /** The table of the real process exits, then whether the in-process crashes agree. */
    static String render(Path workDirectory) throws Exception {
        List<Outcome> real = outcomes(workDirectory.resolve("child-process"), CrashMode.CHILD_PROCESS, ROWS);
        List<Outcome> inProcess = outcomes(workDirectory.resolve("in-process"), CrashMode.IN_PROCESS, ROWS);
        return table(real) + "\n"
                + CrashEvidence.inProcessComparison(
                        "the same ten crashes",
                        real.stream()
                                .map(Outcome::cells)
                                .toList()
                                .equals(inProcess.stream().map(Outcome::cells).toList()),
                        () -> table(inProcess));
    }

    /** Crashes and recovers each row on its own files below {@code workDirectory}; outcomes in the rows' order. */
    static List<Outcome> outcomes(Path workDirectory, CrashMode mode, List<Row> rows) throws Exception {
        List<Callable<Outcome>> cases = new ArrayList<>();
        for (Row row : rows) {
            Path directory = Files.createDirectories(workDirectory.resolve("crash-" + row.number()));
            cases.add(() -> crashAndRecover(row, mode, directory));
        }
        return CrashCases.run(mode, cases);
    }

    private static String table(List<Outcome> outcomes) {
        MarkdownTable table = new MarkdownTable(
                "#",
                "process dies",
                "boundary",
                CrashEvidence.EXIT,
                "durable state before recovery",
                "recovery",
                "after recovery");
        outcomes.forEach(outcome -> table.row(outcome.cellsWithExit()));
        return table.render();
    }

    private static Outcome crashAndRecover(Row row, CrashMode mode, Path directory) throws Exception {
        Path producerFile = directory.resolve("producer.db");
        Path consumerFile = directory.resolve("consumer.db");
        CrashResult crash = ReferenceCrash.at(
                row.boundary(), mode, AdvanceRelayDrain.class, producerFile.toString(), consumerFile.toString());
        SqliteDatabase producerDb = SqliteDatabase.at(producerFile);
        SqliteDatabase consumerDb = SqliteDatabase.at(consumerFile);
        String before = durableState(producerDb, consumerDb);
        String recovery = recover(producerDb, consumerDb);
        return new Outcome(row, crash, before, recovery, afterRecovery(consumerDb));
    }

    /** New instances continue from durable state only: re-advance A1, relay until idle, drain A. */
    private static String recover(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            AdvanceOutcome advanced = producer.advance(AdvanceRelayDrain.A1, 0);
            List<String> relayed = new ArrayList<>();
            RelayResult result;
            do {
                result = relay.relay();
                relayed.add(ContractWords.of(result.outcome())
                        + result.eventId().map(id -> " " + id).orElse(""));
            } while (result.outcome() != RelayOutcome.IDLE);
            DrainResult drained = consumer.drain("A", AdvanceRelayDrain.DRAIN_LIMIT);
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
