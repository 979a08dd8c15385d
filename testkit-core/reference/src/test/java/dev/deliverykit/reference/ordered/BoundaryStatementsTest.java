package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash boundaries of protocols.md section 2 sit after distinct statements, and those statements
 * run in the contract's order. The order is recorded by triggers writing into a trace table inside the
 * same transaction, so only committed work shows up in it.
 */
class BoundaryStatementsTest {

    @TempDir
    Path dir;

    @Test
    void everyBoundaryStatementHasItsOwnSqlText() {
        List<String> boundaryStatements = List.of(
                ProducerStore.WRITE_FLOW, // boundary 1
                ProducerStore.INSERT_OUTBOX, // boundary 2
                ConsumerStore.INSERT_PENDING, // boundary 4
                ProducerStore.MARK_ACCEPTED, // boundary 6
                ConsumerStore.UPDATE_PROJECTION, // boundary 8
                ConsumerStore.INSERT_EFFECT,
                ConsumerStore.MARK_APPLIED, // boundary 9
                ConsumerStore.MARK_BLOCKED);
        assertThat(boundaryStatements).doesNotHaveDuplicates().allMatch(sql -> sql.contains("?"));
    }

    @Test
    void advanceWritesTheFlowThenTheOutboxRow() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("producer.db"));
        try (OrderedProducer producer = new OrderedProducer(db)) {
            Db.execute(
                    db.file(),
                    "CREATE TABLE trace(id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL)",
                    "CREATE TRIGGER trace_flow_insert AFTER INSERT ON flow BEGIN INSERT INTO trace(what) VALUES ('flow'); END",
                    "CREATE TRIGGER trace_flow_update AFTER UPDATE ON flow BEGIN INSERT INTO trace(what) VALUES ('flow'); END",
                    "CREATE TRIGGER trace_outbox AFTER INSERT ON outbox BEGIN INSERT INTO trace(what) VALUES ('outbox'); END");
            producer.advance(v1("A", 1), 0);
            producer.advance(v1("A", 2), 1);
        }
        assertThat(trace(db)).containsExactly("flow", "outbox", "flow", "outbox");
    }

    @Test
    void applyUpdatesTheProjectionThenInsertsTheEffectThenMarksTheInboxRowApplied() {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            consumer.receive(v1("A", 1));
            consumer.receive(v1("A", 2));
            Db.execute(
                    db.file(),
                    "CREATE TABLE trace(id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL)",
                    "CREATE TRIGGER trace_projection_insert AFTER INSERT ON projection"
                            + " BEGIN INSERT INTO trace(what) VALUES ('projection'); END",
                    "CREATE TRIGGER trace_projection_update AFTER UPDATE ON projection"
                            + " BEGIN INSERT INTO trace(what) VALUES ('projection'); END",
                    "CREATE TRIGGER trace_effect AFTER INSERT ON effect BEGIN INSERT INTO trace(what) VALUES ('effect'); END",
                    "CREATE TRIGGER trace_inbox AFTER UPDATE ON inbox"
                            + " BEGIN INSERT INTO trace(what) VALUES ('inbox ' || NEW.state); END");
            consumer.drain("A", 100);
        }
        assertThat(trace(db))
                .containsExactly("projection", "effect", "inbox applied", "projection", "effect", "inbox applied");
    }

    private static List<Object> trace(SqliteDatabase db) {
        return Db.rows(db.file(), "SELECT what FROM trace ORDER BY id").stream()
                .map(row -> row.get("what"))
                .toList();
    }
}
