package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.flowRows;
import static dev.deliverykit.reference.ordered.Steps.outboxRows;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static dev.deliverykit.reference.ordered.Steps.v2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advance(event, expected_seq)}: existing/conflict, then stale, then invalid_transition, then
 * committed; only committed transitions leave rows behind.
 */
class OrderedProducerTest {

    @TempDir
    Path dir;

    private SqliteDatabase db;

    @BeforeEach
    void database() {
        db = SqliteDatabase.at(dir.resolve("producer.db"));
    }

    @Test
    void aCommittedStepWritesTheFlowAndItsOutboxRowTogether() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.flow("A")).contains(new ProducerFlow("A", 1, FlowState.RESERVED, 3));
            assertThat(producer.outbox())
                    .containsExactly(new OutboxEntry("A1", "A", 1, v1("A", 1).canonicalBody(), false));
        }
        assertThat(flowRows(db)).containsExactly("A 1 reserved 3");
        assertThat(Db.rows(db.file(), "SELECT event_id, flow_id, seq, body, accepted FROM outbox"))
                .containsExactly(Map.of(
                        "event_id",
                        "A1",
                        "flow_id",
                        "A",
                        "seq",
                        1,
                        "accepted",
                        0,
                        "body",
                        "{\"event_id\":\"A1\",\"flow_id\":\"A\",\"kind\":\"reserved\",\"payload\":{\"amount\":3},"
                                + "\"schema\":1,\"seq\":1}"));
    }

    @Test
    void theWholeLifecycleCommitsThreeStepsAndEndsReleased() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(v1("A", 2), 1)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(v2("A", 3), 2)).isEqualTo(AdvanceOutcome.COMMITTED);
        }
        assertThat(flowRows(db)).containsExactly("A 3 released 3");
        assertThat(outboxRows(db)).containsExactly("A1 accepted=0", "A2 accepted=0", "A3 accepted=0");
    }

    @Test
    void aRetryOfAStoredEventIsExistingEvenAfterTheFlowMovedOn() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            producer.advance(v1("A", 1), 0);
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.EXISTING);
            producer.advance(v1("A", 2), 1);
            producer.advance(v1("A", 3), 2);
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.EXISTING);
            assertThat(producer.advance(v1("A", 1), 3)).isEqualTo(AdvanceOutcome.EXISTING);
        }
        assertThat(flowRows(db)).containsExactly("A 3 released 3");
        assertThat(outboxRows(db)).hasSize(3);
    }

    @Test
    void aStoredIdWithAnotherAmountFlowOrSchemaIsAConflictBeforeAnyOtherCheck() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            producer.advance(v1("A", 1), 0);
            assertThat(producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 4), 1))
                    .isEqualTo(AdvanceOutcome.CONFLICT);
            assertThat(producer.advance(Event.v1("A1", "B", 1, FlowState.RESERVED, 3), 0))
                    .isEqualTo(AdvanceOutcome.CONFLICT);
            assertThat(producer.advance(Event.v2("A1", "A", 1, FlowState.RESERVED, 3), 0))
                    .isEqualTo(AdvanceOutcome.CONFLICT);
            // Conflict comes before stale: a wrong expected_seq does not hide the changed body.
            assertThat(producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 4), 7))
                    .isEqualTo(AdvanceOutcome.CONFLICT);
        }
        assertThat(flowRows(db)).containsExactly("A 1 reserved 3");
        assertThat(Db.rows(db.file(), "SELECT body FROM outbox"))
                .extracting(row -> row.get("body"))
                .containsExactly(v1("A", 1).canonicalBody());
    }

    @Test
    void aNewIdWithAnExpectedSeqThatIsNotCurrentIsStale() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            producer.advance(v1("A", 1), 0);
            assertThat(producer.advance(Event.v1("A1-retry", "A", 1, FlowState.RESERVED, 3), 0))
                    .isEqualTo(AdvanceOutcome.STALE);
            assertThat(producer.advance(v1("A", 2), 2)).isEqualTo(AdvanceOutcome.STALE);
            // Stale comes before invalid_transition.
            assertThat(producer.advance(Event.v1("A9", "A", 9, FlowState.RELEASED, 3), 5))
                    .isEqualTo(AdvanceOutcome.STALE);
            assertThat(producer.advance(v1("B", 1), 1)).isEqualTo(AdvanceOutcome.STALE);
        }
        assertThat(flowRows(db)).containsExactly("A 1 reserved 3");
        assertThat(outboxRows(db)).containsExactly("A1 accepted=0");
    }

    @Test
    void skippingReopeningChangingTheAmountOrAnUnknownPayloadIsAnInvalidTransition() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            assertThat(producer.advance(Event.v1("A2", "A", 2, FlowState.CONFIRMED, 3), 0))
                    .as("skip to seq 2")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            assertThat(producer.advance(Event.v1("A1", "A", 1, FlowState.CONFIRMED, 3), 0))
                    .as("wrong kind for seq 1")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            assertThat(producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 5), 0))
                    .as("amount other than 3")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            assertThat(producer.advance(new Event("A1", "A", 1, FlowState.RESERVED, 3, Map.of("amount", 3)), 0))
                    .as("schema the producer does not write")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            assertThat(producer.advance(new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("units", 3)), 0))
                    .as("payload of another schema")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);

            producer.advance(v1("A", 1), 0);
            assertThat(producer.advance(Event.v1("A2", "A", 2, FlowState.CONFIRMED, 4), 1))
                    .as("amount changed at seq 2")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            assertThat(producer.advance(Event.v1("A2", "A", 2, FlowState.RELEASED, 3), 1))
                    .as("skip confirmed")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
            producer.advance(v1("A", 2), 1);
            producer.advance(v1("A", 3), 2);
            assertThat(producer.advance(Event.v1("A4", "A", 4, FlowState.RESERVED, 3), 3))
                    .as("reopen after released")
                    .isEqualTo(AdvanceOutcome.INVALID_TRANSITION);
        }
        assertThat(flowRows(db)).containsExactly("A 3 released 3");
        assertThat(outboxRows(db)).containsExactly("A1 accepted=0", "A2 accepted=0", "A3 accepted=0");
    }

    @Test
    void anEnvelopeGivenAsJsonIsParsedAndAdvanced() {
        try (OrderedProducer producer = new OrderedProducer(db)) {
            assertThat(producer.advance(
                            "{\"event_id\":\"A1\",\"flow_id\":\"A\",\"seq\":1,\"kind\":\"reserved\","
                                    + "\"schema\":1,\"payload\":{\"amount\":3}}",
                            0))
                    .isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(
                            "{ \"payload\": {\"amount\": 3}, \"schema\": 1, \"kind\": \"reserved\","
                                    + " \"seq\": 1, \"flow_id\": \"A\", \"event_id\": \"A1\" }",
                            0))
                    .isEqualTo(AdvanceOutcome.EXISTING);
        }
        assertThat(outboxRows(db)).containsExactly("A1 accepted=0");
    }

    @Test
    void aRecoveredProducerAnswersFromCommittedHistory() {
        try (OrderedProducer first = new OrderedProducer(db)) {
            first.advance(v1("A", 1), 0);
        }
        try (OrderedProducer recovered = new OrderedProducer(db)) {
            assertThat(recovered.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.EXISTING);
            assertThat(recovered.flow("A")).contains(new ProducerFlow("A", 1, FlowState.RESERVED, 3));
            assertThat(recovered.flow("B")).isEqualTo(Optional.empty());
            assertThat(recovered.outbox()).extracting(OutboxEntry::eventId).isEqualTo(List.of("A1"));
        }
    }
}
