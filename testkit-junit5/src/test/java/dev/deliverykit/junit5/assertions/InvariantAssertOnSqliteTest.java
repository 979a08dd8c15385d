package dev.deliverykit.junit5.assertions;

import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.invariant.ViolationKind;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The assertions end to end: invariants declared once as static fields over {@code @TempDir} files, checked
 * against real SQLite databases in two files.
 */
class InvariantAssertOnSqliteTest {

    @TempDir
    static Path dir;

    private static final JdbcSource ORCHESTRATOR =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orchestrator.db")).named("orchestrator.db");
    private static final JdbcSource WAREHOUSE =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("warehouse.db")).named("warehouse.db");

    private static final Invariant EXACTLY_ONCE = Invariants.exactlyOncePerKey()
            .intentsFrom(ORCHESTRATOR, "SELECT command_id FROM outbox")
            .effectsIn(WAREHOUSE, "effect", "intent_id");

    private static void execute(String file, String... statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(file));
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static void freshTables() throws SQLException {
        execute("orchestrator.db", "DROP TABLE IF EXISTS outbox", "CREATE TABLE outbox(command_id TEXT PRIMARY KEY)",
                "INSERT INTO outbox VALUES ('r1:1:0'), ('r2:1:0'), ('r3:1:0')");
        execute("warehouse.db", "DROP TABLE IF EXISTS effect",
                "CREATE TABLE effect(effect_id INTEGER PRIMARY KEY, intent_id TEXT NOT NULL)");
    }

    @Test
    void holdsWhenEachIntentHasOneEffectInTheOtherDatabase() throws SQLException {
        freshTables();
        execute("warehouse.db", "INSERT INTO effect(intent_id) VALUES ('r1:1:0'), ('r2:1:0'), ('r3:1:0')");

        assertThat(EXACTLY_ONCE).holds().hasNoViolationFor("r2:1:0");
    }

    @Test
    void theFailureListsTheLostIntentAndTheDuplicateSeparately() throws SQLException {
        freshTables();
        execute("warehouse.db", "INSERT INTO effect(intent_id) VALUES ('r1:1:0'), ('r3:1:0'), ('r3:1:0')");

        assertThat(EXACTLY_ONCE).isViolated()
                .hasViolation(ViolationKind.LOST_INTENT, "r2:1:0")
                .hasViolation(ViolationKind.DUPLICATE_EFFECT, "r3:1:0");
        assertThatThrownBy(() -> assertThat(EXACTLY_ONCE).holds())
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: every intent key of (SELECT command_id FROM outbox) on\
                         orchestrator.db has exactly 1 effect in effect.intent_id on warehouse.db (and no key has 2\
                         or more)
                        to hold, but it was violated (checked 3 intent keys, 3 effect rows):
                          lost intent: 1 key
                            r2:1:0: found 0 effects, expected exactly 1
                          duplicate effect: 1 key
                            r3:1:0: found 2 effects, expected exactly 1""");
    }

    @Test
    void aResultCheckedEarlierCanBeAssertedLater() throws SQLException {
        freshTables();

        assertThat(EXACTLY_ONCE.check()).isViolated().violations().hasSize(3);
    }
}
