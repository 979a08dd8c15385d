package com.example.orders.db;

import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {

    @TempDir
    Path dir;

    private Path file;
    private Database database;

    @BeforeEach
    void createTable() {
        file = dir.resolve("any.db");
        database = Database.sqlite(file);
        database.inTransaction("create table t", c -> {
            try (Statement ddl = c.createStatement()) {
                ddl.execute("CREATE TABLE t(v INTEGER)");
            }
            return null;
        });
    }

    @Test
    void connectionsUseWalFullSyncAndTheBusyTimeout() {
        String settings = database.inTransaction(
                "read settings",
                c -> pragma(c, "journal_mode") + " " + pragma(c, "synchronous") + " " + pragma(c, "busy_timeout"));

        assertThat(settings).isEqualTo("wal 2 5000");
    }

    @Test
    void aUnitOfWorkHoldsTheWriteLockFromItsStartAndReleasesItWhenDone() throws SQLException {
        boolean otherWriterGotTheLock = database.inTransaction("hold the lock", c -> tryToWriteFromAnotherConnection());

        assertThat(otherWriterGotTheLock).isFalse();
        assertThat(tryToWriteFromAnotherConnection()).isTrue();
    }

    @Test
    void aFailingUnitOfWorkIsRolledBack() {
        assertThatThrownBy(() -> database.inTransaction("insert then fail", c -> {
                    try (Statement insert = c.createStatement()) {
                        insert.executeUpdate("INSERT INTO t(v) VALUES (1)");
                    }
                    throw new IllegalStateException("business rule broken");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("business rule broken");

        assertThat(count(file, "t")).isZero();
    }

    @Test
    void aSqlErrorNamesTheWorkAndTheFile() {
        assertThatThrownBy(() -> database.inTransaction("insert into a missing table", c -> {
                    try (Statement insert = c.createStatement()) {
                        return insert.executeUpdate("INSERT INTO missing(v) VALUES (1)");
                    }
                }))
                .isInstanceOf(DataAccessException.class)
                .hasMessageStartingWith("could not insert into a missing table in " + file.toAbsolutePath() + ": ")
                .hasMessageContaining("no such table: missing")
                .hasMessageEndingWith("(the unit of work was rolled back; retrying it with the same input is safe)");
    }

    @Test
    void committedWorkIsVisibleToOtherConnections() {
        database.inTransaction("insert", c -> {
            try (Statement insert = c.createStatement()) {
                return insert.executeUpdate("INSERT INTO t(v) VALUES (7)");
            }
        });

        assertThat(rows(file, "SELECT v FROM t")).containsExactly(row(7));
    }

    private boolean tryToWriteFromAnotherConnection() throws SQLException {
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = other.createStatement()) {
            statement.execute("PRAGMA busy_timeout = 0");
            try {
                statement.execute("BEGIN IMMEDIATE");
            } catch (SQLException busy) {
                assertThat(busy.getMessage()).contains("SQLITE_BUSY");
                return false;
            }
            statement.execute("ROLLBACK");
            return true;
        }
    }

    private static String pragma(Connection c, String name) throws SQLException {
        try (Statement statement = c.createStatement();
                ResultSet rs = statement.executeQuery("PRAGMA " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
