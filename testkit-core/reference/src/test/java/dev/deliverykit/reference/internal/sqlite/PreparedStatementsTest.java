package dev.deliverykit.reference.internal.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreparedStatementsTest {

    private static final List<String> SCHEMA =
            List.of("CREATE TABLE IF NOT EXISTS note(id TEXT PRIMARY KEY, text TEXT NOT NULL)");
    private static final String INSERT = "INSERT INTO note(id, text) VALUES (?, ?)";
    private static final String SELECT = "SELECT text FROM note WHERE id = ?";

    @TempDir
    Path dir;

    @Test
    void eachSqlTextIsPreparedOnceAndReboundOnEveryUse() throws Exception {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("notes.db"));
        try (PreparedStatements statements = PreparedStatements.openWithSchema(database, SCHEMA)) {
            PreparedStatement first = statements.bound(INSERT, "n1", "one");
            assertThat(first.executeUpdate()).isEqualTo(1);
            assertThat(statements.update(INSERT, "n2", "two")).isEqualTo(1);

            assertThat(statements.bound(INSERT, "n3", "three")).isSameAs(first);
            assertThat(read(statements, "n2")).isEqualTo("two");
            assertThat(read(statements, "n1")).isEqualTo("one");
        }
        assertThat(Db.rows(database.file(), "SELECT id, text FROM note ORDER BY id"))
                .hasSize(2);
    }

    @Test
    void aCachedQueryHoldsNoReadSnapshotBetweenUses() throws Exception {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("notes.db"));
        try (PreparedStatements reader = PreparedStatements.openWithSchema(database, SCHEMA);
                PreparedStatements writer = PreparedStatements.openWithSchema(database, SCHEMA)) {
            writer.update(INSERT, "n1", "one");
            assertThat(read(reader, "n1")).isEqualTo("one");

            writer.update(INSERT, "n2", "two"); // committed after the reader's first query
            Sql.inWriteTransaction(
                    reader.connection(), database, "write after reading", c -> reader.update(INSERT, "n3", "three"));

            assertThat(read(reader, "n2")).isEqualTo("two");
        }
        assertThat(Db.count(database.file(), "note")).isEqualTo(3);
    }

    @Test
    void closeClosesTheStatementsAndTheConnectionAndIsHarmlessAfterTheConnectionDied() throws Exception {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("notes.db"));
        PreparedStatements statements = PreparedStatements.openWithSchema(database, SCHEMA);
        PreparedStatement insert = statements.bound(INSERT, "n1", "one");
        statements.connection().close(); // as the boundary engine does when the simulated process dies

        statements.close();

        assertThat(insert.isClosed()).isTrue();
        assertThat(statements.connection().isClosed()).isTrue();
        assertThatThrownBy(() -> statements.update(INSERT, "n2", "two")).isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> Sql.inWriteTransaction(
                        statements.connection(),
                        database,
                        "write after close",
                        c -> statements.update(INSERT, "n3", "three")))
                .isInstanceOf(StoreException.class);
    }

    private static String read(PreparedStatements statements, String id) throws Exception {
        try (ResultSet row = statements.bound(SELECT, id).executeQuery()) {
            return row.next() ? row.getString(1) : null;
        }
    }
}
