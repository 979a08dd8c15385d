package dev.deliverykit.benchmarks.pipeline;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.nio.file.Path;
import java.sql.Connection;

/**
 * The floor: SQLite commits with the reference pragmas (WAL, {@code synchronous=FULL}, busy timeout, via
 * {@link SqliteDatabase#open()}) and nothing else. Every transaction is an explicit {@code BEGIN IMMEDIATE}
 * ... {@code COMMIT} ({@link Sql#inWriteTransaction}); a writing one inserts a single row.
 *
 * <pre>{@code
 * try (RawCommits log = RawCommits.open(SqliteDatabase.at(file))) {
 *     log.commitOneRow();
 * }
 * }</pre>
 */
public final class RawCommits implements AutoCloseable {

    /** Commits of one {@link CrashCase} (workload to the apply-exit crash, recovery, check). */
    public static final int CRASH_CASE_COMMITS = 12;
    /** Of those, the ones that write: both schemas, advance, receive, accepted mark, apply. */
    public static final int CRASH_CASE_WRITING_COMMITS = 6;

    private static final String CREATE = "CREATE TABLE IF NOT EXISTS raw(id INTEGER PRIMARY KEY, body TEXT NOT NULL)";
    private static final String INSERT = "INSERT INTO raw(body) VALUES (?)";
    private static final String BODY =
            "{\"event_id\":\"A1\",\"flow_id\":\"A\",\"kind\":\"reserved\",\"payload\":{\"amount\":3},"
                    + "\"schema\":1,\"seq\":1}";

    private final SqliteDatabase database;
    private final Connection connection;

    private RawCommits(SqliteDatabase database) {
        this.database = database;
        this.connection = database.open();
    }

    /** Opens one connection with the reference pragmas and creates the one table in its own commit. */
    public static RawCommits open(SqliteDatabase database) {
        RawCommits log = new RawCommits(database);
        try {
            Sql.inWriteTransaction(log.connection, database, "create the raw table", c -> {
                Sql.update(c, CREATE);
                return null;
            });
            return log;
        } catch (RuntimeException e) {
            log.close();
            throw e;
        }
    }

    /** One transaction that inserts one row. */
    public void commitOneRow() {
        Sql.inWriteTransaction(connection, database, "raw single-row commit", c -> Sql.update(c, INSERT, BODY));
    }

    /** One transaction that writes nothing (as a schema check on existing tables, or a read-only apply). */
    public void commitNothing() {
        Sql.inWriteTransaction(connection, database, "raw empty commit", c -> null);
    }

    /**
     * The commits of one crash case and nothing else, on two fresh files like the case's producer and
     * consumer databases: per file the table creation, two single-row commits, and the empty commits the
     * case makes there (four on the producer file, two on the consumer file). Twelve commits, six writing.
     */
    public static void sameCommitsAsTheCrashCase(Path dir) {
        try (RawCommits producer = open(SqliteDatabase.at(dir.resolve("producer.db")));
                RawCommits consumer = open(SqliteDatabase.at(dir.resolve("consumer.db")))) {
            producer.commitOneRow(); // advance
            consumer.commitOneRow(); // receive
            producer.commitOneRow(); // accepted mark
            consumer.commitOneRow(); // apply
            for (int i = 0; i < 4; i++) {
                producer.commitNothing(); // relay's schema check, recovery's two schema checks, re-advance EXISTING
            }
            for (int i = 0; i < 2; i++) {
                consumer.commitNothing(); // recovery's schema check, the idle apply
            }
        }
    }

    @Override
    public void close() {
        Sql.close(connection, database);
    }
}
