package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Relays that claim the outbox's rows for a 30 s lease, as a user writes them on a SQLite file: the time comes from
 * {@code System.currentTimeMillis()} (they take no {@code Clock}), or from the database in the twin that has SQLite
 * compute it. A claim takes the rows whose lease ran out.
 */
final class LeasedRelays {

    static final long LEASE_MILLIS = 30_000;

    /** The claim whose lease the database computes. */
    static final String DATABASE_CLAIM = "UPDATE outbox SET claimed_by = ?, claimed_until = strftime('%s', 'now') + 30"
            + " WHERE claimed_until < strftime('%s', 'now')";

    private final Path dir;

    LeasedRelays(Path dir) {
        this.dir = dir;
    }

    Connection outbox() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("outbox.db"));
    }

    /** The outbox with {@code rows} rows that nobody claimed. */
    void reset(int rows) throws SQLException {
        try (Connection outbox = outbox();
                Statement statement = outbox.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS outbox");
            statement.execute("CREATE TABLE outbox (id INTEGER PRIMARY KEY, claimed_by TEXT,"
                    + " claimed_until INTEGER NOT NULL DEFAULT 0)");
            for (int id = 1; id <= rows; id++) {
                statement.execute("INSERT INTO outbox (id) VALUES (" + id + ")");
            }
        }
    }

    // tag::lease[]
    /** Claims the rows whose lease ran out for {@code relay}, until 30 s from now: how many it took. */
    int claim(String relay) throws SQLException {
        long now = System.currentTimeMillis();
        try (Connection outbox = outbox();
                PreparedStatement claim = outbox.prepareStatement(
                        "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE claimed_until < ?")) {
            claim.setString(1, relay);
            claim.setLong(2, now + LEASE_MILLIS);
            claim.setLong(3, now);
            return claim.executeUpdate();
        }
    }
    // end::lease[]

    /** The twin of {@link #claim} that has the database compute the lease. */
    int claimOnDatabaseTime(String relay) throws SQLException {
        try (Connection outbox = outbox();
                PreparedStatement claim = outbox.prepareStatement(DATABASE_CLAIM)) {
            claim.setString(1, relay);
            return claim.executeUpdate();
        }
    }

    /** How many rows {@code relay} holds the claim of. */
    int claimedBy(String relay) throws SQLException {
        try (Connection outbox = outbox();
                PreparedStatement count = outbox.prepareStatement("SELECT COUNT(*) FROM outbox WHERE claimed_by = ?")) {
            count.setString(1, relay);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
