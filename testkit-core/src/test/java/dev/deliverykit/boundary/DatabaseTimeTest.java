package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Where a statement has the database compute the time, which the kit's clock cannot move. */
class DatabaseTimeTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "UPDATE outbox SET claimed_at = CURRENT_TIMESTAMP WHERE id = ?|CURRENT_TIMESTAMP",
                "update outbox set lease = now() + interval '30 seconds' where lease < now()|now()",
                "UPDATE outbox SET lease = datetime('now', '+30 seconds') WHERE id = 1|datetime('now', '+30 seconds')",
                "UPDATE outbox SET lease = strftime('%s','now') + 30|strftime('%s','now')",
                "UPDATE outbox SET lease = unixepoch() + 30|unixepoch()",
                "SELECT id FROM outbox WHERE lease < LOCALTIMESTAMP FOR UPDATE|LOCALTIMESTAMP",
                "UPDATE jobs SET beat = CURRENT_TIMESTAMP(3) WHERE id = ?|CURRENT_TIMESTAMP(3)",
                "UPDATE jobs SET day = julianday('now')|julianday('now')"
            })
    void aReadOfTheDatabasesClockIsFoundAsWritten(String sql, String read) {
        assertThat(DatabaseTime.read(sql)).contains(read);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "UPDATE outbox SET claimed_until = ? WHERE claimed_until < ?",
                "SELECT date(created_at), time(created_at) FROM outbox",
                "INSERT INTO log (text) VALUES ('CURRENT_TIMESTAMP is read now()')",
                "UPDATE outbox SET nowhere = 1, current_timestamp_column = 2"
            })
    void noReadOfTheDatabasesClockIsFoundWhereThereIsNone(String sql) {
        assertThat(DatabaseTime.read(sql)).isEmpty();
    }

    @Test
    void aStatementWithoutSqlReadsNothing() {
        assertThat(DatabaseTime.read(null)).isEqualTo(Optional.empty());
    }
}
