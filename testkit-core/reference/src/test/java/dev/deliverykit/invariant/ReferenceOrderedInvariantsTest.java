package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.ReceiveOutcome;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import dev.deliverykit.reference.ordered.UnsafeDualWriteProducer;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contiguous-prefix, state-and-outbox and conflict invariants judge the seed-000 reference (section 2
 * of protocols.md) through its tables only: {@code effect(id, flow_id, seq)}, {@code flow}, {@code outbox},
 * {@code inbox}.
 */
class ReferenceOrderedInvariantsTest {

    private static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    private static final Event A2 = Event.v1("A2", "A", 2, FlowState.CONFIRMED, 3);
    private static final Event A3 = Event.v1("A3", "A", 3, FlowState.RELEASED, 3);
    private static final String REJECT_OUTBOX_INSERT = "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: outbox insert rejected'); END";

    @TempDir
    Path dir;

    private SqliteDatabase producerDb;
    private SqliteDatabase consumerDb;

    @BeforeEach
    void databases() {
        producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
    }

    private Invariant appliedInOrder(SqliteDatabase consumer) {
        return Invariants.contiguousPrefixPerFlow()
                .appliedIn(source(consumer.file(), "consumer.db"), "effect")
                .flowColumn("flow_id")
                .sequenceColumn("seq")
                .appliedInOrderOf("id");
    }

    private Invariant stateAndOutbox() {
        JdbcSource producer = source(producerDb.file(), "producer.db");
        return Invariants.stateAndOutboxTogether()
                .stateFrom(producer, "SELECT flow_id, seq FROM flow")
                .outboxFrom(producer, "SELECT flow_id, max(seq) FROM outbox GROUP BY flow_id");
    }

    @Test
    void theOrderedConsumerWithArrivalsThreeOneTwoAppliesAContiguousPrefix() {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            for (Event arrival : List.of(A3, A1, A2)) {
                assertThat(consumer.receive(arrival)).isEqualTo(ReceiveOutcome.ACCEPTED);
                consumer.drain("A", 100);
            }
        }

        assertThat(appliedInOrder(consumerDb).check().message())
                .isEqualTo("contiguous prefix per flow: holds (checked 1 flow, 3 applied records)");
    }

    @Test
    void everyArrivalOrderWithDuplicatesStillAppliesAContiguousPrefix() {
        List<List<Event>> arrivals = List.of(
                List.of(A1, A2, A3),
                List.of(A1, A3, A2),
                List.of(A2, A1, A3),
                List.of(A2, A3, A1),
                List.of(A3, A1, A2, A3),
                List.of(A3, A2, A2, A1, A1));
        for (int run = 0; run < arrivals.size(); run++) {
            SqliteDatabase consumerOfRun = SqliteDatabase.at(dir.resolve("consumer-" + run + ".db"));
            try (OrderedConsumer consumer = new OrderedConsumer(consumerOfRun)) {
                for (Event arrival : arrivals.get(run)) {
                    consumer.receive(arrival);
                    consumer.drain("A", 100);
                }
            }
            assertThat(appliedInOrder(consumerOfRun).check().verdict())
                    .as("arrivals %s", arrivals.get(run))
                    .isEqualTo(Verdict.HOLDS);
        }
    }

    @Test
    void theArrivalOrderConsumerWithThreeOneTwoThreeViolatesIt() {
        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(consumerDb)) {
            assertThat(List.of(A3, A1, A2, A3).stream().map(consumer::receive))
                    .containsExactly(
                            ReceiveOutcome.ACCEPTED,
                            ReceiveOutcome.ACCEPTED,
                            ReceiveOutcome.ACCEPTED,
                            ReceiveOutcome.DUPLICATE);
        }

        assertThat(appliedInOrder(consumerDb).check().message()).isEqualTo("""
                contiguous prefix per flow: violated (checked 1 flow, 3 applied records)
                  not a contiguous prefix: 1 flow
                    A: found seq 3, 1, 2 in application order (seq 1 applied after seq 3), expected seq 1, 2, 3,\
                 each once, in this order""");
    }

    @Test
    void theUnsafeDualWriteWithARejectedOutboxInsertLeavesStateWithoutItsOutboxRow() {
        try (UnsafeDualWriteProducer producer = new UnsafeDualWriteProducer(producerDb)) {
            Db.execute(producerDb.file(), REJECT_OUTBOX_INSERT);
            assertThatThrownBy(() -> producer.advance(A1, 0)).isInstanceOf(StoreException.class);
        }

        assertThat(stateAndOutbox().check().message()).isEqualTo("""
                no state without its outbox row and no outbox row without its state: violated (checked 1 state key,\
                 0 outbox keys)
                  state without its outbox row: 1 key
                    (A, 1): found state, no outbox row, expected its outbox row""");
    }

    @Test
    void theOrderedProducerKeepsStateAndOutboxTogetherWithAndWithoutTheFault() {
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            assertThat(producer.advance(A1, 0)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(A2, 1)).isEqualTo(AdvanceOutcome.COMMITTED);
            Db.execute(producerDb.file(), REJECT_OUTBOX_INSERT);
            assertThatThrownBy(() -> producer.advance(A3, 2)).isInstanceOf(StoreException.class);
        }

        assertThat(stateAndOutbox().check().message())
                .isEqualTo("no state without its outbox row and no outbox row"
                        + " without its state: holds (checked 1 state key, 1 outbox key)");
    }

    @Test
    void theRelayNeverCountsAnIdConflictAsAcceptedButAForgedMarkIsCaught() {
        Invariant noConflictAsSuccess = Invariants.noConflictCountedAsSuccess()
                .acceptedFrom(
                        source(producerDb.file(), "producer.db"),
                        "SELECT event_id, body FROM outbox WHERE accepted = 1")
                .storedFrom(source(consumerDb.file(), "consumer.db"), "SELECT event_id, body FROM inbox");
        Event b1 = Event.v1("B1", "B", 1, FlowState.RESERVED, 3);
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb, consumer)) {
            producer.advance(A1, 0);
            producer.advance(b1, 0);
            // Another sender already stored A1 with another amount: the same id, another body.
            assertThat(consumer.receive(Event.v1("A1", "A", 1, FlowState.RESERVED, 4)))
                    .isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(relay.relay().outcome()).isEqualTo(RelayOutcome.ID_CONFLICT);
            assertThat(relay.relay("B1").outcome()).isEqualTo(RelayOutcome.ACCEPTED);
        }
        assertThat(noConflictAsSuccess.check().message())
                .isEqualTo("no conflict counted as success: holds (checked 1 accepted record, 2 stored records)");

        // A broken relay would mark the conflicting row accepted anyway:
        Db.execute(producerDb.file(), "UPDATE outbox SET accepted = 1 WHERE event_id = 'A1'");

        assertThat(noConflictAsSuccess.check().violations())
                .containsExactly(new Violation(
                        ViolationKind.CONFLICT_ACCEPTED,
                        "A1",
                        "accepted body " + A1.canonicalBody() + " but stored body "
                                + Event.v1("A1", "A", 1, FlowState.RESERVED, 4).canonicalBody(),
                        "accepted only with the same body"));
    }
}
