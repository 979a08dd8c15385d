package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.DrainStop;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.RelayResult;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ten crash boundaries of protocols.md section 2, crashed for real at the names of
 * {@link ReferenceBoundaries}, in this JVM and in a child JVM that halts with exit code 73. The process
 * advances A1 ({@code expected_seq} 0), relays it and drains A; the durable state it leaves is exactly the
 * table's, and recovery by new instances (re-advance A1, relay until idle, drain A) always ends with one A1
 * effect, projection {@code reserved}, {@code last_seq=1}, {@code held=3}.
 */
class OrderedCrashTest {

    private static final String FLOW = "flow A seq=1 reserved amount=3";
    /** "neither": no flow change and no outbox row (or no projection change and no effect). */
    private static final List<String> NEITHER = List.of();
    /** "both": the flow change and its outbox row, nothing at the consumer. */
    private static final List<String> BOTH = List.of(FLOW, "outbox A1 accepted=0");
    /** "inbox row, outbox not accepted". */
    private static final List<String> INBOX_ROW_NOT_ACCEPTED = List.of(FLOW, "outbox A1 accepted=0", "inbox A1 pending");
    /** "accepted=1, inbox pending". */
    private static final List<String> ACCEPTED_INBOX_PENDING = List.of(FLOW, "outbox A1 accepted=1", "inbox A1 pending");
    /** "projection, effect, applied". */
    private static final List<String> APPLIED = List.of(FLOW, "outbox A1 accepted=1", "inbox A1 applied",
            "projection A last_seq=1 reserved held=3", "effect A1 reserved");

    /** One row of the table, with what recovery must answer. */
    record Row(int number, String boundary, List<String> durableState, AdvanceOutcome readvance,
            List<RelayOutcome> relayed, int appliedByRecovery) {

        @Override
        public String toString() {
            return "#" + number + " " + boundary;
        }
    }

    static final List<Row> ROWS = List.of(
            new Row(1, ReferenceBoundaries.PRODUCER_AFTER_FLOW_UPDATE, NEITHER, AdvanceOutcome.COMMITTED,
                    List.of(RelayOutcome.ACCEPTED, RelayOutcome.IDLE), 1),
            new Row(2, ReferenceBoundaries.PRODUCER_AFTER_OUTBOX_INSERT, NEITHER, AdvanceOutcome.COMMITTED,
                    List.of(RelayOutcome.ACCEPTED, RelayOutcome.IDLE), 1),
            new Row(3, ReferenceBoundaries.PRODUCER_AFTER_COMMIT, BOTH, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.ACCEPTED, RelayOutcome.IDLE), 1),
            new Row(4, ReferenceBoundaries.CONSUMER_AFTER_INBOX_INSERT, BOTH, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.ACCEPTED, RelayOutcome.IDLE), 1),
            new Row(5, ReferenceBoundaries.CONSUMER_AFTER_RECEIVE_COMMIT, INBOX_ROW_NOT_ACCEPTED, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.DUPLICATE, RelayOutcome.IDLE), 1),
            new Row(6, ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE, INBOX_ROW_NOT_ACCEPTED, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.DUPLICATE, RelayOutcome.IDLE), 1),
            new Row(7, ReferenceBoundaries.RELAY_AFTER_ACCEPTED_COMMIT, ACCEPTED_INBOX_PENDING, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.IDLE), 1),
            new Row(8, ReferenceBoundaries.APPLY_AFTER_PROJECTION_UPDATE, ACCEPTED_INBOX_PENDING, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.IDLE), 1),
            new Row(9, ReferenceBoundaries.APPLY_AFTER_APPLIED_MARK, ACCEPTED_INBOX_PENDING, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.IDLE), 1),
            new Row(10, ReferenceBoundaries.APPLY_AFTER_COMMIT, APPLIED, AdvanceOutcome.EXISTING,
                    List.of(RelayOutcome.IDLE), 0));

    @TempDir
    Path dir;

    static Stream<Arguments> rowsInBothModes() {
        return Stream.of(CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS)
                .flatMap(mode -> ROWS.stream().map(row -> Arguments.of(mode, row)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rowsInBothModes")
    void theProcessDiesAtTheBoundaryLeavesTheTablesStateAndRecoversToOneEffect(CrashMode mode, Row row)
            throws Exception {
        Path producerFile = dir.resolve("producer.db");
        Path consumerFile = dir.resolve("consumer.db");

        CrashRuns.crash(mode, row.boundary(), AdvanceRelayDrain.class, producerFile.toString(), consumerFile.toString());

        SqliteDatabase producerDb = SqliteDatabase.at(producerFile);
        SqliteDatabase consumerDb = SqliteDatabase.at(consumerFile);
        assertThat(durableState(producerDb, consumerDb)).as("durable state before recovery").isEqualTo(row.durableState());

        // Recovery: new instances with no lock wait at all, so a lock the dead process kept would fail here.
        SqliteDatabase producerNow = producerDb.withBusyTimeout(Duration.ZERO);
        SqliteDatabase consumerNow = consumerDb.withBusyTimeout(Duration.ZERO);
        try (OrderedProducer producer = new OrderedProducer(producerNow);
                OrderedConsumer consumer = new OrderedConsumer(consumerNow);
                Relay relay = new Relay(producerNow, consumer)) {
            assertThat(producer.advance(AdvanceRelayDrain.A1, 0)).isEqualTo(row.readvance());
            assertThat(relayUntilIdle(relay)).isEqualTo(row.relayed());
            DrainResult drained = consumer.drain("A", 10);
            assertThat(drained.applied()).isEqualTo(row.appliedByRecovery());
            assertThat(drained.stop()).isEqualTo(DrainStop.IDLE);
        }

        assertThat(durableState(producerDb, consumerDb)).as("after recovery").isEqualTo(APPLIED);
        assertThat(Db.value(consumerDb.file(), "SELECT count(*) FROM effect WHERE event_id = ?", "A1")).isEqualTo(1);
    }

    private static List<RelayOutcome> relayUntilIdle(Relay relay) {
        List<RelayOutcome> outcomes = new ArrayList<>();
        RelayResult result;
        do {
            result = relay.relay();
            outcomes.add(result.outcome());
        } while (result.outcome() != RelayOutcome.IDLE && outcomes.size() < 10);
        return outcomes;
    }

    /** Every row of flow, outbox, inbox, projection and effect, as committed, in one line each. */
    static List<String> durableState(SqliteDatabase producerDb, SqliteDatabase consumerDb) {
        List<String> state = new ArrayList<>();
        Db.rows(producerDb.file(), "SELECT flow_id, seq, state, amount FROM flow ORDER BY flow_id").forEach(row -> state.add(
                "flow " + row.get("flow_id") + " seq=" + row.get("seq") + " " + row.get("state") + " amount=" + row.get("amount")));
        Db.rows(producerDb.file(), "SELECT event_id, accepted FROM outbox ORDER BY flow_id, seq").forEach(row -> state.add(
                "outbox " + row.get("event_id") + " accepted=" + row.get("accepted")));
        Db.rows(consumerDb.file(), "SELECT event_id, state FROM inbox ORDER BY flow_id, seq").forEach(row -> state.add(
                "inbox " + row.get("event_id") + " " + row.get("state")));
        Db.rows(consumerDb.file(), "SELECT flow_id, last_seq, state, held FROM projection ORDER BY flow_id").forEach(row -> state.add(
                "projection " + row.get("flow_id") + " last_seq=" + row.get("last_seq") + " " + row.get("state")
                        + " held=" + row.get("held")));
        Db.rows(consumerDb.file(), "SELECT event_id, kind FROM effect ORDER BY id").forEach(row -> state.add(
                "effect " + row.get("event_id") + " " + row.get("kind")));
        return state;
    }
}
