package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record the sender counts as accepted must be stored by the receiver with the very same body. */
class NoConflictCountedAsSuccessTest {

    @TempDir
    Path dir;

    private Path producerDb;
    private Path consumerDb;
    private Invariant invariant;

    @BeforeEach
    void databases() {
        producerDb = create(
                dir,
                "producer.db",
                "CREATE TABLE outbox(event_id TEXT PRIMARY KEY, body TEXT NOT NULL, accepted INTEGER NOT NULL)");
        consumerDb = create(dir, "consumer.db", "CREATE TABLE inbox(event_id TEXT PRIMARY KEY, body TEXT NOT NULL)");
        invariant = Invariants.noConflictCountedAsSuccess()
                .acceptedFrom(source(producerDb, "producer.db"), "SELECT event_id, body FROM outbox WHERE accepted = 1")
                .storedFrom(source(consumerDb, "consumer.db"), "SELECT event_id, body FROM inbox");
    }

    @Test
    void holdsWhenEveryAcceptedRowIsStoredWithItsBodyAndConflictsStayUnaccepted() {
        Db.execute(producerDb, "INSERT INTO outbox VALUES ('A1', '{\"amount\":3}', 1), ('A2', '{\"amount\":4}', 0)");
        Db.execute(consumerDb, "INSERT INTO inbox VALUES ('A1', '{\"amount\":3}'), ('A2', '{\"amount\":9}')");

        assertThat(invariant.check().message())
                .isEqualTo("no conflict counted as success: holds (checked 1 accepted record, 2 stored records)");
    }

    @Test
    void anOutboxRowMarkedAcceptedWhoseInboxBodyDiffersIsAConflictCountedAsSuccess() {
        Db.execute(producerDb, "INSERT INTO outbox VALUES ('A1', '{\"amount\":3}', 1), ('A2', '{\"amount\":4}', 1)");
        Db.execute(consumerDb, "INSERT INTO inbox VALUES ('A1', '{\"amount\":5}')");

        InvariantResult result = invariant.check();

        assertThat(invariant.description())
                .isEqualTo("every accepted record of (SELECT event_id, body FROM outbox"
                        + " WHERE accepted = 1) on producer.db is stored with the same body in (SELECT event_id, body FROM"
                        + " inbox) on consumer.db: a conflict is never counted as success");
        assertThat(result.message()).isEqualTo("""
                no conflict counted as success: violated (checked 2 accepted records, 1 stored record)
                  conflict counted as success: 1 key
                    A1: found accepted body {"amount":3} but stored body {"amount":5}, expected accepted only with\
                 the same body
                  accepted but not stored: 1 key
                    A2: found accepted, nothing stored, expected a stored record with the accepted body""");
    }

    @Test
    void longBodiesAreCutWithTheirLength() {
        String body = "x".repeat(130);
        Db.execute(producerDb, "INSERT INTO outbox VALUES ('A1', '" + body + "', 1)");
        Db.execute(consumerDb, "INSERT INTO inbox VALUES ('A1', 'y')");

        assertThat(invariant.check().violations())
                .extracting(Violation::found)
                .containsExactly("accepted body " + "x".repeat(120) + "... (130 characters) but stored body y");
    }

    @Test
    void aQueryWithoutABodyColumnIsADefinitionError() {
        Invariant keysOnly = Invariants.noConflictCountedAsSuccess()
                .acceptedFrom(source(producerDb, "producer.db"), "SELECT event_id FROM outbox")
                .storedFrom(source(consumerDb, "consumer.db"), "SELECT event_id, body FROM inbox");

        assertThatThrownBy(keysOnly::check)
                .isInstanceOf(InvariantDefinitionException.class)
                .hasMessage(InvariantErrorMessages.wrongQueryColumns(
                        "no conflict counted as success",
                        "accepted records",
                        "producer.db",
                        "SELECT event_id FROM outbox",
                        List.of("event_id"),
                        "at least 2 columns: the key column(s), then the body or digest last"));
    }
}
