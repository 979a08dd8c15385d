package dev.deliverykit.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteDatabaseTest {

    @TempDir
    Path dir;

    @Test
    void connectionsUseWalFullSyncBusyTimeoutAndAutoCommit() throws Exception {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("a.db")).withBusyTimeout(Duration.ofMillis(1234));
        try (Connection connection = database.open();
                Statement statement = connection.createStatement()) {
            assertThat(connection.getAutoCommit()).isTrue();
            assertThat(pragma(statement, "journal_mode")).isEqualTo("wal");
            assertThat(pragma(statement, "synchronous")).isEqualTo("2"); // FULL
            assertThat(pragma(statement, "busy_timeout")).isEqualTo("1234");
        }
    }

    @Test
    void writeTransactionCommitsEverythingOrNothing() {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("b.db"));
        Db.execute(database.file(), "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
        try (Connection connection = database.open()) {
            Sql.inWriteTransaction(connection, database, "insert two", c -> {
                Sql.update(c, "INSERT INTO t(id, v) VALUES (?, ?)", 1, "one");
                return Sql.update(c, "INSERT INTO t(id, v) VALUES (?, ?)", 2, "two");
            });
            assertThatThrownBy(() -> Sql.inWriteTransaction(connection, database, "insert clash", c -> {
                        Sql.update(c, "INSERT INTO t(id, v) VALUES (?, ?)", 3, "three");
                        return Sql.update(c, "INSERT INTO t(id, v) VALUES (?, ?)", 1, "again");
                    }))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("insert clash failed on "
                            + dir.resolve("b.db")
                            + ": [SQLITE_CONSTRAINT_PRIMARYKEY] A PRIMARY KEY constraint failed (UNIQUE constraint"
                            + " failed: t.id); the transaction was rolled back and nothing was written.")
                    .satisfies(e ->
                            assertThat(((StoreException) e).isLockTimeout()).isFalse());
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        assertThat(Db.rows(database.file(), "SELECT id, v FROM t ORDER BY id"))
                .extracting(row -> row.get("id") + "=" + row.get("v"))
                .containsExactly("1=one", "2=two");
    }

    @Test
    void lockHeldByAnotherConnectionSurfacesAsLockTimeoutAndWritesNothing() throws Exception {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("c.db")).withBusyTimeout(Duration.ofMillis(50));
        Db.execute(database.file(), "CREATE TABLE t(id INTEGER PRIMARY KEY)");
        try (Connection holder = database.open();
                Statement lock = holder.createStatement();
                Connection writer = database.open()) {
            lock.execute("BEGIN IMMEDIATE");

            assertThatThrownBy(() -> Sql.inWriteTransaction(
                            writer, database, "insert 1", c -> Sql.update(c, "INSERT INTO t(id) VALUES (?)", 1)))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("insert 1 failed: " + database.file() + " stayed locked by another connection for"
                            + " the whole busy timeout of 50 ms; nothing was written. Retry the call, or give"
                            + " SqliteDatabase.withBusyTimeout(...) a longer timeout.")
                    .satisfies(e ->
                            assertThat(((StoreException) e).isLockTimeout()).isTrue());
            lock.execute("ROLLBACK");
        }
        assertThat(Db.count(database.file(), "t")).isZero();
    }

    /**
     * Several connections opening one new file at once all try to switch it to WAL; SQLite answers that race
     * with an immediate SQLITE_BUSY, which once made some first opens fail. 100 races of 4 openers each.
     */
    @Test
    void concurrentFirstOpensOfANewFileAllSucceed() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int round = 0; round < 100; round++) {
            SqliteDatabase database = SqliteDatabase.at(dir.resolve("race-" + round + ".db"));
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> openers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Thread opener = new Thread(() -> {
                    try {
                        start.await();
                        Sql.close(
                                Sql.openWithSchema(database, List.of("CREATE TABLE IF NOT EXISTS t(id INTEGER)")),
                                database);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                opener.start();
                openers.add(opener);
            }
            start.countDown();
            for (Thread opener : openers) {
                opener.join();
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void busyTimeoutMustBeSane() {
        SqliteDatabase database = SqliteDatabase.at(dir.resolve("d.db"));
        assertThatThrownBy(() -> database.withBusyTimeout(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("busy timeout must be between 0 ms and 2147483647 ms, got PT-0.001S");
    }

    private static String pragma(Statement statement, String name) throws Exception {
        try (ResultSet resultSet = statement.executeQuery("PRAGMA " + name)) {
            resultSet.next();
            return resultSet.getString(1);
        }
    }
}
