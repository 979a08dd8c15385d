package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No committed state without its outbox row, and no outbox row without its state: both directions. */
class StateAndOutboxTogetherTest {

    @TempDir
    Path dir;

    private Path producerDb;
    private JdbcSource producer;

    @BeforeEach
    void database() {
        producerDb = create(
                dir,
                "producer.db",
                "CREATE TABLE flow(flow_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL)",
                "CREATE TABLE outbox(event_id TEXT PRIMARY KEY, flow_id TEXT NOT NULL, seq INTEGER NOT NULL)");
        producer = source(producerDb, "producer.db");
    }

    private Invariant together() {
        return Invariants.stateAndOutboxTogether()
                .stateFrom(producer, "SELECT flow_id, seq FROM flow")
                .outboxFrom(producer, "SELECT flow_id, max(seq) FROM outbox GROUP BY flow_id");
    }

    @Test
    void holdsWhenEveryFlowStepHasItsEvent() {
        Db.execute(
                producerDb,
                "INSERT INTO flow VALUES ('A', 2, 'confirmed'), ('B', 1, 'reserved')",
                "INSERT INTO outbox VALUES ('A1', 'A', 1), ('A2', 'A', 2), ('B1', 'B', 1)");

        assertThat(together().check().message())
                .isEqualTo("no state without its outbox row and no outbox row"
                        + " without its state: holds (checked 2 state keys, 2 outbox keys)");
    }

    @Test
    void stateWithoutOutboxIsTheLostEventThatLooksIdle() {
        Db.execute(producerDb, "INSERT INTO flow VALUES ('A', 1, 'reserved')");

        InvariantResult result = together().check();

        assertThat(result.violations())
                .containsExactly(new Violation(
                        ViolationKind.STATE_WITHOUT_OUTBOX, "(A, 1)", "state, no outbox row", "its outbox row"));
        assertThat(result.message()).isEqualTo("""
                no state without its outbox row and no outbox row without its state: violated (checked 1 state key,\
                 0 outbox keys)
                  state without its outbox row: 1 key
                    (A, 1): found state, no outbox row, expected its outbox row""");
    }

    @Test
    void outboxWithoutStateIsAnEventAboutAChangeThatNeverCommitted() {
        Db.execute(
                producerDb,
                "INSERT INTO flow VALUES ('A', 1, 'reserved')",
                "INSERT INTO outbox VALUES ('A1', 'A', 1), ('A2', 'A', 2), ('B1', 'B', 1)");

        assertThat(together().check().message()).isEqualTo("""
                no state without its outbox row and no outbox row without its state: violated (checked 1 state key,\
                 2 outbox keys)
                  state without its outbox row: 1 key
                    (A, 1): found state, no outbox row, expected its outbox row
                  outbox row without its state: 2 keys
                    (A, 2): found an outbox row, no state, expected its state
                    (B, 1): found an outbox row, no state, expected its state""");
    }

    @Test
    void stateAndOutboxMayLiveInDifferentDatabasesAndBeNamedAsTables() {
        Path ledgerDb = create(
                dir,
                "ledger.db",
                "CREATE TABLE entry(order_id TEXT PRIMARY KEY)",
                "INSERT INTO entry VALUES ('o-1'), ('o-2')");
        Path messagesDb = create(
                dir, "messages.db", "CREATE TABLE outbox(order_id TEXT)", "INSERT INTO outbox VALUES ('o-2'), ('o-3')");
        Invariant invariant = Invariants.stateAndOutboxTogether("orders and their messages")
                .stateIn(source(ledgerDb, "ledger.db"), "entry", "order_id")
                .outboxIn(source(messagesDb, "messages.db"), "outbox", "order_id");

        assertThat(invariant.description())
                .isEqualTo("every state key of entry.order_id on ledger.db has its outbox"
                        + " row in outbox.order_id on messages.db, and every outbox key has its state");
        assertThat(invariant.check().violations())
                .containsExactly(
                        new Violation(
                                ViolationKind.STATE_WITHOUT_OUTBOX, "o-1", "state, no outbox row", "its outbox row"),
                        new Violation(
                                ViolationKind.OUTBOX_WITHOUT_STATE, "o-3", "an outbox row, no state", "its state"));
    }
}
