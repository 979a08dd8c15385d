package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code receive(event)}: duplicate, id_conflict, sequence_conflict or accepted, in one transaction. */
class ReceiveTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @BeforeEach
    void database() {
        db = SqliteDatabase.at(dir.resolve("consumer.db"));
    }

    @Test
    void aNewEventIsStoredPendingWithItsCanonicalBody() {
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            assertThat(consumer.receive(v1("A", 1))).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.inbox())
                    .containsExactly(new InboxEntry(
                            "A1", "A", 1, v1("A", 1).canonicalBody(), InboxState.PENDING, Optional.empty()));
        }
        assertThat(Db.rows(
                        db.file(),
                        "SELECT event_id, flow_id, seq, body, state, reason IS NULL AS no_reason FROM inbox"))
                .containsExactly(Map.of(
                        "event_id",
                        "A1",
                        "flow_id",
                        "A",
                        "seq",
                        1,
                        "body",
                        v1("A", 1).canonicalBody(),
                        "state",
                        "pending",
                        "no_reason",
                        1));
    }

    @Test
    void theSameEventAgainIsADuplicateEvenWrittenWithOtherKeyOrderAndSpacing() {
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            consumer.receive(v1("A", 1));
            assertThat(consumer.receive(v1("A", 1))).isEqualTo(ReceiveOutcome.DUPLICATE);
            assertThat(consumer.receive("{ \"seq\" : 1, \"payload\" : { \"amount\" : 3 }, \"kind\" : \"reserved\","
                            + " \"schema\" : 1, \"flow_id\" : \"A\", \"event_id\" : \"A1\" }"))
                    .isEqualTo(ReceiveOutcome.DUPLICATE);
        }
        assertThat(inboxRows(db)).containsExactly("A1 pending null");
    }

    @Test
    void theSameIdWithAnotherBodyIsAnIdConflictAndTheStoredBodyIsKept() {
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            consumer.receive(v1("A", 1));
            assertThat(consumer.receive(Event.v1("A1", "A", 1, FlowState.RESERVED, 4)))
                    .isEqualTo(ReceiveOutcome.ID_CONFLICT);
            assertThat(consumer.receive(Event.v1("A1", "B", 7, FlowState.RELEASED, 3)))
                    .isEqualTo(ReceiveOutcome.ID_CONFLICT);
        }
        assertThat(Db.value(db.file(), "SELECT body FROM inbox WHERE event_id = 'A1'"))
                .isEqualTo(v1("A", 1).canonicalBody());
        assertThat(Db.count(db.file(), "inbox")).isEqualTo(1);
    }

    @Test
    void aNewIdAtATakenFlowSequenceIsASequenceConflict() {
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            consumer.receive(v1("A", 1));
            assertThat(consumer.receive(Event.v1("A1-other", "A", 1, FlowState.RESERVED, 3)))
                    .isEqualTo(ReceiveOutcome.SEQUENCE_CONFLICT);
            // The same sequence of another flow is unrelated.
            assertThat(consumer.receive(v1("B", 1))).isEqualTo(ReceiveOutcome.ACCEPTED);
        }
        assertThat(inboxRows(db)).containsExactly("A1 pending null", "B1 pending null");
    }

    @Test
    void anUnknownSchemaIsStillAcceptedAndStoredUnchanged() {
        Event future = new Event("A1", "A", 1, FlowState.RESERVED, 9, Map.of("quantity", 3, "unit", "box"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            assertThat(consumer.receive(future)).isEqualTo(ReceiveOutcome.ACCEPTED);
        }
        assertThat(Db.value(db.file(), "SELECT body FROM inbox WHERE event_id = 'A1'"))
                .isEqualTo(
                        "{\"event_id\":\"A1\",\"flow_id\":\"A\",\"kind\":\"reserved\",\"payload\":{\"quantity\":3,\"unit\":\"box\"},"
                                + "\"schema\":9,\"seq\":1}");
        assertThat(inboxRows(db)).containsExactly("A1 pending null");
    }
}
