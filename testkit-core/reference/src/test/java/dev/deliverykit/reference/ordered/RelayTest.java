package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.outboxRows;
import static dev.deliverykit.reference.ordered.Steps.projectionRow;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Relay: accepted is marked only on accepted or same-body duplicate; conflicts stay unaccepted and visible. */
class RelayTest {

    @TempDir
    Path dir;

    private SqliteDatabase producerDb;
    private SqliteDatabase consumerDb;

    @BeforeEach
    void databases() {
        producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
    }

    @Test
    void relayingEverythingLeavesAcceptedButNotApplied() {
        commit(v1("A", 1), 0);
        commit(v1("A", 2), 1);
        commit(v1("A", 3), 2);
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ACCEPTED, "A1"));
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ACCEPTED, "A2"));
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ACCEPTED, "A3"));
            assertThat(relay.relay()).isEqualTo(new RelayResult.Idle());
        }
        // accepted_is_not_applied: a valid, unfinished state - the consumer now owns the work.
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=1", "A2 accepted=1", "A3 accepted=1");
        assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null", "A2 pending null", "A3 pending null");
        assertThat(Db.count(consumerDb.file(), "projection")).isZero();
        assertThat(Db.count(consumerDb.file(), "effect")).isZero();
    }

    @Test
    void theNextRowToRelayIsFoundThroughThePartialIndexNotByWalkingAcceptedRows() {
        commit(v1("A", 1), 0);
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ACCEPTED, "A1"));
        }
        // EXPLAIN QUERY PLAN's detail column: a search of the partial index, no scan of outbox, no sort.
        assertThat(Db.rows(producerDb.file(), "EXPLAIN QUERY PLAN " + ProducerStore.SELECT_NEXT_UNACCEPTED))
                .extracting(row -> row.get("detail"))
                .containsExactly("SCAN outbox USING INDEX outbox_unaccepted");
    }

    @Test
    void aPermanentIdConflictOnA1IsPickedEveryTimeAndB1WaitsUntilRelayedByName() {
        commit(v1("A", 1), 0);
        commit(v1("B", 1), 0);
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            // The consumer already holds another body under the id A1.
            assertThat(consumer.receive(Event.v1("A1", "A", 1, FlowState.RESERVED, 4))).isEqualTo(ReceiveOutcome.ACCEPTED);

            for (int call = 0; call < 3; call++) {
                assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ID_CONFLICT, "A1"));
            }
            assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=0", "B1 accepted=0");
            assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null");

            assertThat(relay.relay("B1")).isEqualTo(sent(ReceiveOutcome.ACCEPTED, "B1"));
            assertThat(consumer.drain("B", 100)).isEqualTo(new DrainResult.Idle("B", 1));
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.ID_CONFLICT, "A1"));
        }
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=0", "B1 accepted=1");
        assertThat(projectionRow(consumerDb, "B")).isEqualTo("reserved last_seq=1 held=3");
    }

    @Test
    void aSameBodyDuplicateIsMarkedAcceptedWithoutASecondInboxRow() {
        commit(v1("A", 1), 0);
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            consumer.receive(v1("A", 1));
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.DUPLICATE, "A1"));
            assertThat(relay.relay()).isEqualTo(new RelayResult.Idle());
            // A named relay resends even an accepted row; the inbox dedups it.
            assertThat(relay.relay("A1")).isEqualTo(sent(ReceiveOutcome.DUPLICATE, "A1"));
        }
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=1");
        assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null");
    }

    @Test
    void aSequenceConflictIsNeverMarkedAccepted() {
        commit(v1("A", 1), 0);
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            consumer.receive(Event.v1("other-A1", "A", 1, FlowState.RESERVED, 3));
            assertThat(relay.relay()).isEqualTo(sent(ReceiveOutcome.SEQUENCE_CONFLICT, "A1"));
        }
        assertThat(outboxRows(producerDb)).containsExactly("A1 accepted=0");
        assertThat(inboxRows(consumerDb)).containsExactly("other-A1 pending null");
    }

    @Test
    void anEmptyOutboxIsIdleAndAnUnknownNameIsRefused() {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            assertThat(relay.relay()).isEqualTo(new RelayResult.Idle());
            assertThatThrownBy(() -> relay.relay("Z9"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the outbox in " + producerDb.file() + " has no event Z9;"
                            + " only events a producer committed can be relayed");
        }
        assertThat(Db.count(consumerDb.file(), "inbox")).isZero();
    }

    @Test
    void flowsAreIsolatedWhenApplying() {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            for (Event event : new Event[] {v1("A", 1), v1("A", 3), v1("B", 1), v1("B", 2), v1("B", 3)}) {
                assertThat(consumer.receive(event)).isEqualTo(ReceiveOutcome.ACCEPTED);
            }
            assertThat(consumer.drainAll(100)).containsExactly(
                    new DrainResult.Gap("A", 1),
                    new DrainResult.Idle("B", 3));
        }
        assertThat(projectionRow(consumerDb, "A")).isEqualTo("reserved last_seq=1 held=3");
        assertThat(projectionRow(consumerDb, "B")).isEqualTo("released last_seq=3 held=0");
    }

    private void commit(Event event, long expectedSeq) {
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            assertThat(producer.advance(event, expectedSeq)).isEqualTo(AdvanceOutcome.COMMITTED);
        }
    }

    private static RelayResult sent(ReceiveOutcome answer, String eventId) {
        return new RelayResult.Sent(answer, eventId);
    }
}
