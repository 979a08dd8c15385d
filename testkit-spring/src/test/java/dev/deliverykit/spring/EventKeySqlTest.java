package dev.deliverykit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ModulithOutboxAdapter#eventKey}'s query on H2 reads what H2's regular expression {@code "field":"?([^",}]*)}
 * captures, for every shape of JSON in {@link #EVENTS}; {@code ModulithPostgresContractTests} runs it on PostgreSQL.
 */
class EventKeySqlTest {

    /** Serialized events, and the value of their {@code orderId} the query must read ({@code null}: no such field). */
    static final List<List<String>> EVENTS = List.of(
            Arrays.asList("{\"orderId\":\"o-1\",\"amountCents\":1250}", "o-1"),
            Arrays.asList("{\"amountCents\":1250,\"orderId\":\"o-2\"}", "o-2"),
            Arrays.asList("{\"orderId\":42}", "42"),
            Arrays.asList("{\"orderId\":-7,\"amountCents\":1}", "-7"),
            Arrays.asList("{\"orderId\":\"a b:c{d\"}", "a b:c{d"),
            Arrays.asList("{\"orderIdx\":\"x\",\"orderId\":\"o-3\"}", "o-3"),
            Arrays.asList("{\"nested\":{\"orderId\":\"n-1\"},\"orderId\":\"o-4\"}", "n-1"),
            Arrays.asList("{\"orderId\":null}", "null"),
            Arrays.asList("{\"orderId\":\"unterminated", "unterminated"),
            Arrays.asList("{\"orderId\":\"\",\"amountCents\":1250}", ""),
            Arrays.asList("{\"amountCents\":1250}", null));

    @Test
    void theQueryReadsWhatH2sRegularExpressionCaptures() throws SQLException {
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:event-key")) {
            List<String> read = readKeys(h2, EventKeySql.of("orderId"));
            List<String> captured = readKeys(
                    h2,
                    "SELECT REGEXP_SUBSTR(serialized_event, '\"orderId\":\"?([^\",}]*)', 1, 1, '', 1)"
                            + " FROM event_publication");

            assertThat(read).isEqualTo(captured).isEqualTo(expectedKeys());
        }
    }

    @Test
    void onADatabaseItWasNotTestedOnTheQueryIsRefusedWithTheWayOut() {
        EventKeySql.requireRunsOn("orderId", "H2");
        EventKeySql.requireRunsOn("orderId", "PostgreSQL");

        assertThatThrownBy(() -> EventKeySql.requireRunsOn("orderId", "MySQL"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ModulithOutboxAdapter.eventKey(\"orderId\") reads the event's key from the publication's"
                        + " JSON with SQL that runs on H2 and PostgreSQL, and the application's database is MySQL."
                        + " Give outboxRows(sql) instead of eventKey(...): a query of event_publication that returns"
                        + " the event's orderId, one row per publication, with your database's JSON function.");
    }

    /** The values of {@link #EVENTS}, in their order. */
    static List<String> expectedKeys() {
        return EVENTS.stream().map(event -> event.get(1)).toList();
    }

    /** The value {@code sql} reads from each event of {@link #EVENTS}, alone in {@code event_publication}. */
    static List<String> readKeys(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS event_publication (serialized_event TEXT NOT NULL)");
        }
        List<String> keys = new ArrayList<>();
        for (List<String> event : EVENTS) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("DELETE FROM event_publication");
            }
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO event_publication VALUES (?)")) {
                insert.setString(1, event.get(0));
                insert.executeUpdate();
            }
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(sql)) {
                assertThat(rows.next()).as("a row for %s", event.get(0)).isTrue();
                keys.add(rows.getString(1));
                assertThat(rows.next()).as("one row for %s", event.get(0)).isFalse();
            }
        }
        return keys;
    }
}
