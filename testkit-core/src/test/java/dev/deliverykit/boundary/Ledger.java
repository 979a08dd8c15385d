package dev.deliverykit.boundary;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Small delivery code in plain JDBC, unknown to the engine: a deposit updates an account and writes an
 * outbox row in one transaction. Two ways to commit, so both commit kinds are proven:
 * {@link #depositWithStatements} issues {@code BEGIN IMMEDIATE ... COMMIT} as SQL text on an auto-commit
 * connection (SQLite only), {@link #depositWithConnectionApi} uses {@code setAutoCommit(false)} and
 * {@code Connection.commit()}.
 */
final class Ledger {

    static final String UPDATE_ACCOUNT = "UPDATE account SET balance = balance + ? WHERE id = ?";
    static final String INSERT_OUTBOX = "INSERT INTO outbox(id, body) VALUES (?, ?)";

    private final Connection connection;

    Ledger(Connection connection) {
        this.connection = connection;
    }

    void createSchema() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(
                    "CREATE TABLE IF NOT EXISTS account(id VARCHAR(20) PRIMARY KEY, balance INTEGER NOT NULL)");
            statement.execute(
                    "CREATE TABLE IF NOT EXISTS outbox(id VARCHAR(20) PRIMARY KEY, body VARCHAR(100) NOT NULL)");
            statement.execute("INSERT INTO account(id, balance) VALUES ('A', 0)");
        }
    }

    /** {@code BEGIN IMMEDIATE}; update; insert; {@code COMMIT} — rolled back with {@code ROLLBACK} on failure. */
    void depositWithStatements(String outboxId, int amount) throws SQLException {
        execute("BEGIN IMMEDIATE");
        try {
            writeDeposit(outboxId, amount);
            execute("COMMIT");
        } catch (SQLException | RuntimeException e) {
            execute("ROLLBACK");
            throw e;
        }
    }

    /** {@code setAutoCommit(false)}; update; insert; {@code commit()} — {@code rollback()} on failure. */
    void depositWithConnectionApi(String outboxId, int amount) throws SQLException {
        connection.setAutoCommit(false);
        try {
            writeDeposit(outboxId, amount);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Like {@link #depositWithConnectionApi} but ends the transaction with a {@code COMMIT} statement. */
    void depositCommittingWithSql(String outboxId, int amount) throws SQLException {
        connection.setAutoCommit(false);
        try {
            writeDeposit(outboxId, amount);
            execute("COMMIT");
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** Starts a deposit and abandons it: {@code rollback()}, or a {@code ROLLBACK} statement. */
    void abandonDeposit(String outboxId, boolean withSql) throws SQLException {
        connection.setAutoCommit(false);
        try {
            writeDeposit(outboxId, 1);
            if (withSql) {
                execute("ROLLBACK");
            } else {
                connection.rollback();
            }
        } finally {
            connection.setAutoCommit(true);
        }
    }

    void writeDeposit(String outboxId, int amount) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(UPDATE_ACCOUNT)) {
            update.setInt(1, amount);
            update.setString(2, "A");
            update.executeUpdate();
        }
        try (PreparedStatement insert = connection.prepareStatement(INSERT_OUTBOX)) {
            insert.setString(1, outboxId);
            insert.setString(2, "deposit " + amount);
            insert.executeUpdate();
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** The committed balance and outbox ids, read through {@code reader} (a fresh connection). */
    static State read(Connection reader) throws SQLException {
        try (Statement statement = reader.createStatement()) {
            int balance;
            try (ResultSet rows = statement.executeQuery("SELECT balance FROM account WHERE id = 'A'")) {
                rows.next();
                balance = rows.getInt(1);
            }
            List<String> outbox = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT id FROM outbox ORDER BY id")) {
                while (rows.next()) {
                    outbox.add(rows.getString(1));
                }
            }
            return new State(balance, outbox);
        }
    }

    /** Durable state: the balance and the outbox ids. */
    record State(int balance, List<String> outbox) {}
}
