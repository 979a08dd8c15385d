package dev.deliverykit.invariant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InvariantErrorMessagesTests {

    @Test
    void notAnIdentifier() {
        assertThat(InvariantErrorMessages.notAnIdentifier(
                        "exactly once",
                        "table",
                        "out box",
                        true,
                        "Invariants.exactlyOncePerKey(source, intentSql, effectSql)"))
                .isEqualTo("invariant 'exactly once': the table 'out box' is not a plain SQL identifier; expected"
                        + " letters, digits and '_', not starting with a digit, at most 128 characters (optionally"
                        + " qualified as schema.table). For quoted names or expressions write the SQL yourself and"
                        + " use Invariants.exactlyOncePerKey(source, intentSql, effectSql).");
    }

    @Test
    void notAnIdentifierUnqualified() {
        assertThat(InvariantErrorMessages.notAnIdentifier(
                        "exactly once",
                        "column",
                        "1id",
                        false,
                        "Invariants.exactlyOncePerKey(source, intentSql, effectSql)"))
                .isEqualTo("invariant 'exactly once': the column '1id' is not a plain SQL identifier; expected"
                        + " letters, digits and '_', not starting with a digit, at most 128 characters. For quoted"
                        + " names or expressions write the SQL yourself and use Invariants.exactlyOncePerKey(source,"
                        + " intentSql, effectSql).");
    }

    @Test
    void blankQuery() {
        assertThat(InvariantErrorMessages.blankQuery("exactly once", "intent"))
                .isEqualTo("invariant 'exactly once': the intent query is blank; expected a SELECT statement without"
                        + " parameters.");
    }

    @Test
    void blankName() {
        assertThat(InvariantErrorMessages.blankName())
                .isEqualTo("the invariant name must not be blank: reports and test output name the invariant by it,"
                        + " e.g. \"exactly once per key\".");
    }

    @Test
    void blankExplanation() {
        assertThat(InvariantErrorMessages.blankExplanation("stock"))
                .isEqualTo("invariant 'stock': the explanation must not be blank; it says what the rows break and"
                        + " becomes the expected part of each violation, e.g. \"stock never goes below 0\".");
    }

    @Test
    void queryFailed() {
        assertThat(InvariantErrorMessages.queryFailed(
                        "exactly once", "intent", "shop.db", "SELECT id FROM outbx", "no such table: outbx"))
                .isEqualTo("invariant 'exactly once' could not run its intent query on shop.db: no such table: outbx"
                        + "\n"
                        + "  SQL: SELECT id FROM outbx\n"
                        + "  Check that the tables and columns exist in that database (an invariant never creates"
                        + " them) and that the SQL runs there by hand.");
    }

    @Test
    void wrongRecordColumns() {
        assertThat(InvariantErrorMessages.wrongRecordColumns(
                        "on the topic", "records", "orders", List.of("key", "value"), "1 column (the key)"))
                .isEqualTo("invariant 'on the topic': the records read from orders have 2 columns (key, value);"
                        + " expected 1 column (the key).");
    }

    @Test
    void wrongQueryColumns() {
        assertThat(InvariantErrorMessages.wrongQueryColumns(
                        "exactly once",
                        "intent",
                        "shop.db",
                        "SELECT id, at FROM outbox",
                        List.of("id", "at"),
                        "1 column (the key)"))
                .isEqualTo("invariant 'exactly once': the intent query on shop.db returned 2 columns (id, at);"
                        + " expected 1 column (the key).\n"
                        + "  SQL: SELECT id, at FROM outbox");
    }

    @Test
    void wrongQueryColumnsOfOne() {
        assertThat(InvariantErrorMessages.wrongQueryColumns(
                        "exactly once", "intent", "shop.db", "SELECT 1", List.of("1"), "2 columns"))
                .isEqualTo("invariant 'exactly once': the intent query on shop.db returned 1 column (1); expected 2"
                        + " columns.\n"
                        + "  SQL: SELECT 1");
    }

    @Test
    void keyWidthsDiffer() {
        assertThat(InvariantErrorMessages.keyWidthsDiffer(
                        "exactly once", "intents", List.of("id"), "effects", List.of("id", "at")))
                .isEqualTo("invariant 'exactly once': the intents return keys of 1 column (id) but the effects"
                        + " return keys of 2 columns (id, at); both must return the same key columns, in the same"
                        + " order.");
    }

    @Test
    void wrongRead() {
        assertThat(InvariantErrorMessages.wrongRead("on the topic", "records", "orders", "the key is not text"))
                .isEqualTo("invariant 'on the topic': its records from orders: the key is not text");
    }

    @Test
    void cannotOpen() {
        assertThat(InvariantErrorMessages.cannotOpen("exactly once", "shop.db", "disk I/O error"))
                .isEqualTo("invariant 'exactly once' could not open shop.db: disk I/O error\n"
                        + "  Check its JdbcSource: each open() must return a new connection to the existing"
                        + " database.");
    }

    @Test
    void openedNull() {
        assertThat(InvariantErrorMessages.openedNull("exactly once", "shop.db"))
                .isEqualTo("invariant 'exactly once' could not open shop.db: its JdbcSource returned null instead of"
                        + " a connection.");
    }

    @Test
    void cannotRead() {
        assertThat(InvariantErrorMessages.cannotRead("on the topic", "records", "orders", "timed out"))
                .isEqualTo("invariant 'on the topic' could not read its records from orders: timed out");
    }

    @Test
    void cannotEndRead() {
        assertThat(InvariantErrorMessages.cannotEndRead("exactly once", "shop.db", "database is locked"))
                .isEqualTo("invariant 'exactly once' could not roll back and close its read-only connection to"
                        + " shop.db: database is locked");
    }

    @Test
    void blankSourceName() {
        assertThat(InvariantErrorMessages.blankSourceName())
                .isEqualTo("the name of a JDBC source must not be blank: reports use it to say which database a"
                        + " finding comes from, e.g. \"warehouse.db\"");
    }

    @Test
    void noColumns() {
        assertThat(InvariantErrorMessages.noColumns()).isEqualTo("a record source reads at least one column");
    }

    @Test
    void rowWidth() {
        assertThat(InvariantErrorMessages.rowWidth(1, List.of("a"), List.of("key", "value")))
                .isEqualTo("row 1 has 1 values [a] but the source reads 2 columns [key, value]");
    }

    @Test
    void nullUrl() {
        assertThat(InvariantErrorMessages.nullUrl())
                .isEqualTo("the JDBC URL supplier returned null; it must return a URL such as"
                        + " jdbc:sqlite:/path/to/file.db");
    }

    @Test
    void keyWithoutParts() {
        assertThat(InvariantErrorMessages.keyWithoutParts()).isEqualTo("a key has at least one part");
    }
}
