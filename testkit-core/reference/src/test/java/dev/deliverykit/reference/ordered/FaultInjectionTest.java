package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.flowRows;
import static dev.deliverykit.reference.ordered.Steps.inboxRows;
import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults injected by triggers: a rejected statement rolls back its whole transaction and propagates as
 * a {@link StoreException}; it is never reported as committed, accepted or applied.
 */
class FaultInjectionTest {

    private static final String REJECT_OUTBOX_INSERT = "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: outbox insert rejected'); END";
    private static final String REJECT_EFFECT_INSERT = "CREATE TRIGGER reject_effect BEFORE INSERT ON effect"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: effect insert rejected'); END";

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
    void aRejectedOutboxInsertLeavesNoLoneFlowChangeInTheOrderedProducer() {
        try (OrderedProducer producer = new OrderedProducer(producerDb)) {
            Db.execute(producerDb.file(), REJECT_OUTBOX_INSERT);
            assertThatThrownBy(() -> producer.advance(v1("A", 1), 0))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("advance A1 of flow A failed on "
                            + dir.resolve("producer.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: outbox insert rejected); the transaction was rolled"
                            + " back and nothing was written.");
        }
        assertThat(Db.count(producerDb.file(), "flow")).isZero();
        assertThat(Db.count(producerDb.file(), "outbox")).isZero();
    }

    @Test
    void theUnsafeDualWriteCommitsTheFlowAndLosesTheEventWhichTheRelayReportsAsIdle() {
        try (UnsafeDualWriteProducer producer = new UnsafeDualWriteProducer(producerDb)) {
            Db.execute(producerDb.file(), REJECT_OUTBOX_INSERT);
            assertThatThrownBy(() -> producer.advance(v1("A", 1), 0))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("write outbox row A1 (unsafe: flow already committed) failed on "
                            + dir.resolve("producer.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: outbox insert rejected); the transaction was rolled"
                            + " back and nothing was written.");
        }
        assertThat(flowRows(producerDb)).containsExactly("A 1 reserved 3");
        assertThat(Db.count(producerDb.file(), "outbox")).isZero();
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb); Relay relay = new Relay(producerDb, consumer)) {
            assertThat(relay.relay()).isEqualTo(new RelayResult.Idle());
        }
        assertThat(Db.count(consumerDb.file(), "inbox")).isZero();
        // And a retry of the same event cannot repair it: the flow has moved on.
        Db.execute(producerDb.file(), "DROP TRIGGER reject_outbox");
        try (UnsafeDualWriteProducer retry = new UnsafeDualWriteProducer(producerDb)) {
            assertThat(retry.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.STALE);
        }
        assertThat(Db.count(producerDb.file(), "outbox")).isZero();
    }

    @Test
    void withoutAFaultTheUnsafeProducerWritesBothRows() {
        try (UnsafeDualWriteProducer producer = new UnsafeDualWriteProducer(producerDb)) {
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.COMMITTED);
            assertThat(producer.advance(v1("A", 1), 0)).isEqualTo(AdvanceOutcome.EXISTING);
        }
        assertThat(flowRows(producerDb)).containsExactly("A 1 reserved 3");
        assertThat(Steps.outboxRows(producerDb)).containsExactly("A1 accepted=0");
    }

    @Test
    void aRejectedEffectInsertLeavesNoProjectionChangeAndTheInboxRowPending() {
        try (OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            consumer.receive(v1("A", 1));
            Db.execute(consumerDb.file(), REJECT_EFFECT_INSERT);
            assertThatThrownBy(() -> consumer.apply("A"))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("apply the next event of flow A failed on "
                            + dir.resolve("consumer.db")
                            + ": [SQLITE_CONSTRAINT_TRIGGER] A RAISE function within a trigger fired, causing the SQL"
                            + " statement to abort (injected fault: effect insert rejected); the transaction was rolled"
                            + " back and nothing was written.");
            assertThatThrownBy(() -> consumer.drain("A", 100)).isInstanceOf(StoreException.class);
        }
        assertThat(Db.count(consumerDb.file(), "projection")).isZero();
        assertThat(Db.count(consumerDb.file(), "effect")).isZero();
        assertThat(inboxRows(consumerDb)).containsExactly("A1 pending null");

        Db.execute(consumerDb.file(), "DROP TRIGGER reject_effect");
        try (OrderedConsumer recovered = new OrderedConsumer(consumerDb)) {
            assertThat(recovered.drain("A", 100)).isEqualTo(new DrainResult.Idle("A", 1));
        }
        assertThat(Steps.projectionRow(consumerDb, "A")).isEqualTo("reserved last_seq=1 held=3");
        assertThat(Steps.effectRows(consumerDb, "A")).containsExactly("1 reserved");
    }
}
