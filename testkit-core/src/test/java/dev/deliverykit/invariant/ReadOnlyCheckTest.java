package dev.deliverykit.invariant;

import static dev.deliverykit.invariant.TestDatabases.create;
import static dev.deliverykit.invariant.TestDatabases.source;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks read committed state only, never persist a write, and leave no connection open. */
class ReadOnlyCheckTest {

    @TempDir
    Path dir;

    private Path producerDb;

    @BeforeEach
    void database() {
        producerDb = create(
                dir,
                "producer.db",
                "CREATE TABLE flow(flow_id TEXT PRIMARY KEY, seq INTEGER)",
                "CREATE TABLE outbox(flow_id TEXT, seq INTEGER)",
                "INSERT INTO flow VALUES ('A', 1)",
                "INSERT INTO outbox VALUES ('A', 1)");
    }

    @Test
    void anUncommittedWriteIsInvisibleUntilItCommits() throws Exception {
        Invariant together = Invariants.stateAndOutboxTogether()
                .stateIn(source(producerDb, "producer.db"), "flow", "flow_id", "seq")
                .outboxIn(source(producerDb, "producer.db"), "outbox", "flow_id", "seq");
        try (Connection writer = Db.open(producerDb);
                Statement statement = writer.createStatement()) {
            statement.execute("BEGIN IMMEDIATE");
            statement.execute("INSERT INTO flow VALUES ('B', 1)");

            assertThat(together.check().verdict()).isEqualTo(Verdict.HOLDS);

            statement.execute("COMMIT");
        }
        assertThat(together.check().violations())
                .containsExactly(new Violation(
                        ViolationKind.STATE_WITHOUT_OUTBOX, "(B, 1)", "state, no outbox row", "its outbox row"));
    }

    @Test
    void whateverAUserQueryWritesIsRolledBack() {
        Invariant deleting = Invariants.noRows(
                "deletes on purpose",
                source(producerDb, "producer.db"),
                "DELETE FROM outbox RETURNING flow_id, seq",
                "nothing");

        assertThat(deleting.check().violations()).extracting(Violation::subject).containsExactly("A");
        assertThat(Db.count(producerDb, "outbox")).isEqualTo(1);
    }

    @Test
    void queriesOnTheSameSourceShareOneConnectionWhichIsClosedAfterwards() {
        List<Connection> opened = new ArrayList<>();
        JdbcSource counting = recordingOpened(opened);
        Invariant together = Invariants.stateAndOutboxTogether()
                .stateFrom(counting, "SELECT flow_id, seq FROM flow")
                .outboxFrom(counting, "SELECT flow_id, seq FROM outbox");

        assertThat(together.check().verdict()).isEqualTo(Verdict.HOLDS);

        assertThat(opened).hasSize(1);
        assertThat(opened.get(0))
                .satisfies(connection -> assertThat(connection.isClosed()).isTrue());
    }

    @Test
    void aFailingQueryStillClosesItsConnection() {
        List<Connection> opened = new ArrayList<>();
        JdbcSource counting = recordingOpened(opened);
        Invariant broken = Invariants.atMostOncePerKey().effectsFrom(counting, "SELECT nope FROM outbox");

        assertThatThrownBy(broken::check).isInstanceOf(InvariantDefinitionException.class);
        assertThat(opened)
                .singleElement()
                .satisfies(connection -> assertThat(connection.isClosed()).isTrue());
    }

    /** The producer database as a source that adds each connection it opens to {@code opened}. */
    private JdbcSource recordingOpened(List<Connection> opened) {
        return ((JdbcSource) () -> {
                    Connection connection = DriverManager.getConnection("jdbc:sqlite:" + producerDb);
                    opened.add(connection);
                    return connection;
                })
                .named("producer.db");
    }
}
