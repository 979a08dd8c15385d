package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.projectionRow;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static dev.deliverykit.reference.ordered.Steps.v2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Receive checks the envelope only; apply decodes and blocks. A blocked event stops its flow until a
 * consumer that can apply it runs on the same stored events; nothing is skipped automatically.
 */
class SchemaBlockingTest {

    private static final int NO_LIMIT = 100;

    @TempDir
    Path dir;

    @Test
    void schemaTwoEventsBlockTheDefaultConsumerAndApplyUnchangedOnceVersionTwoIsSupported() {
        SqliteDatabase producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        SqliteDatabase consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(v2("A", 2), 1)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(v2("A", 3), 2)).isEqualTo(AdvanceOutcome.COMMITTED);
        }
        try (OrderedConsumer defaultConsumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, defaultConsumer)) {
            for (String eventId : List.of("A1", "A2", "A3")) {
                assertThat(relay.relay()).isEqualTo(new RelayResult.Sent(ReceiveOutcome.ACCEPTED, eventId));
            }
            assertThat(relay.relay()).isEqualTo(new RelayResult.Idle());

            assertThat(defaultConsumer.drain("A", NO_LIMIT)).isEqualTo(
                    new DrainResult.Blocked("A", 1, BlockReason.UNSUPPORTED_SCHEMA));
            // Retrying without an upgrade changes nothing.
            assertThat(defaultConsumer.apply("A")).isEqualTo(new ApplyResult.Blocked("A", 2,
                    "A2", BlockReason.UNSUPPORTED_SCHEMA));
        }
        assertThat(inboxRows(consumerDb)).containsExactly(
                "A1 applied null", "A2 blocked unsupported_schema", "A3 pending null");
        assertThat(projectionRow(consumerDb, "A")).isEqualTo("reserved last_seq=1 held=3");
        List<Map<String, Object>> storedBeforeUpgrade = storedEvents(consumerDb);

        try (OrderedConsumer upgraded = new OrderedConsumer(consumerDb, SchemaSupport.V1_AND_V2)) {
            assertThat(upgraded.drain("A", NO_LIMIT)).isEqualTo(new DrainResult.Idle("A", 2));
        }
        assertThat(storedEvents(consumerDb)).isEqualTo(storedBeforeUpgrade);
        assertThat(storedBeforeUpgrade).extracting(row -> row.get("body")).containsExactly(
                v1("A", 1).canonicalBody(), v2("A", 2).canonicalBody(), v2("A", 3).canonicalBody());
        assertThat(inboxRows(consumerDb)).containsExactly("A1 applied null", "A2 applied null", "A3 applied null");
        assertThat(projectionRow(consumerDb, "A")).isEqualTo("released last_seq=3 held=0");
        assertThat(Steps.effectRows(consumerDb, "A")).containsExactly("1 reserved", "2 confirmed", "3 released");
    }

    static Stream<Arguments> unapplicableFirstEvents() {
        return Stream.of(
                Arguments.of("schema 7", new Event("A1", "A", 1, FlowState.RESERVED, 7, Map.of("amount", 3)),
                        BlockReason.UNSUPPORTED_SCHEMA),
                Arguments.of("schema 1 carrying units", new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("units", 3)),
                        BlockReason.INVALID_PAYLOAD),
                Arguments.of("amount as a string", new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("amount", "3")),
                        BlockReason.INVALID_PAYLOAD),
                Arguments.of("an extra payload field",
                        new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("amount", 3, "note", "x")),
                        BlockReason.INVALID_PAYLOAD),
                Arguments.of("amount 0", Event.v1("A1", "A", 1, FlowState.RESERVED, 0), BlockReason.INVALID_PAYLOAD),
                Arguments.of("empty payload", new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of()),
                        BlockReason.INVALID_PAYLOAD),
                Arguments.of("confirmed as the first step", Event.v1("A1", "A", 1, FlowState.CONFIRMED, 3),
                        BlockReason.INVALID_TRANSITION),
                Arguments.of("a changed amount", Event.v1("A1", "A", 1, FlowState.RESERVED, 4),
                        BlockReason.INVALID_TRANSITION));
    }

    @ParameterizedTest(name = "{0} blocks with {2}")
    @MethodSource("unapplicableFirstEvents")
    void anEventThatCannotBeAppliedIsAcceptedThenBlockedWithItsReason(String name, Event event, BlockReason reason) {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db, SchemaSupport.V1_AND_V2)) {
            assertThat(consumer.receive(event)).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.apply("A")).isEqualTo(
                    new ApplyResult.Blocked("A", 1, "A1", reason));
            assertThat(consumer.inbox()).containsExactly(new InboxEntry("A1", "A", 1, event.canonicalBody(),
                    InboxState.BLOCKED, Optional.of(reason)));
        }
        assertThat(inboxRows(db)).containsExactly("A1 blocked " + reason.wireName());
        assertThat(Db.count(db.file(), "projection")).isZero();
        assertThat(Db.count(db.file(), "effect")).isZero();
    }

    @Test
    void aBlockedEventStopsOnlyItsOwnFlowAndLaterEventsStayPending() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            consumer.receive(v1("A", 1));
            consumer.receive(Event.v1("A2", "A", 2, FlowState.RELEASED, 3)); // skips confirmed
            consumer.receive(v1("A", 3));
            consumer.receive(v1("B", 1));
            assertThat(consumer.drainAll(NO_LIMIT)).containsExactly(
                    new DrainResult.Blocked("A", 1, BlockReason.INVALID_TRANSITION),
                    new DrainResult.Idle("B", 1));
        }
        assertThat(inboxRows(db)).containsExactly(
                "A1 applied null", "A2 blocked invalid_transition", "A3 pending null", "B1 applied null");
        assertThat(projectionRow(db, "A")).isEqualTo("reserved last_seq=1 held=3");
        assertThat(projectionRow(db, "B")).isEqualTo("reserved last_seq=1 held=3");
    }

    private static List<Map<String, Object>> storedEvents(SqliteDatabase db) {
        return Db.rows(db.file(), "SELECT event_id, seq, body FROM inbox ORDER BY flow_id, seq");
    }
}
