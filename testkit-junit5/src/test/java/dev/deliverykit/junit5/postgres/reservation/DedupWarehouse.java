package dev.deliverykit.junit5.postgres.reservation;

import dev.deliverykit.junit5.postgres.ServiceDb;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;

/**
 * The correct receiver: the receipt (key, digest of the parameters, result) commits in the SAME transaction as
 * the effect; the same key and digest replays the stored result, another digest is a conflict.
 */
public final class DedupWarehouse implements Warehouse {

    private final ServiceDb db;

    public DedupWarehouse(String jdbcUrl) {
        this.db = new ServiceDb(
                jdbcUrl,
                "CREATE TABLE IF NOT EXISTS effect(effect_id BIGSERIAL PRIMARY KEY, intent_id TEXT NOT NULL,"
                        + " payload TEXT NOT NULL)",
                "CREATE TABLE IF NOT EXISTS receipt(idem_key TEXT PRIMARY KEY, digest TEXT NOT NULL,"
                        + " result TEXT NOT NULL)");
    }

    @Override
    public String reserve(String key, String payload) {
        return book(key, payload).reference();
    }

    @Override
    public Booking book(String key, String payload) {
        String digest = sha256(payload);
        return db.inTransaction("reserve " + key, c -> {
            try (PreparedStatement select =
                    c.prepareStatement("SELECT digest, result FROM receipt WHERE idem_key = ? FOR UPDATE")) {
                select.setString(1, key);
                try (ResultSet receipt = select.executeQuery()) {
                    if (receipt.next()) {
                        if (!receipt.getString(1).equals(digest)) {
                            throw new IllegalArgumentException(
                                    "conflict: key " + key + " was used with other parameters");
                        }
                        return new Booking(receipt.getString(2), true);
                    }
                }
            }
            String reference = "REF-" + insertEffect(c, key, payload);
            try (PreparedStatement insert =
                    c.prepareStatement("INSERT INTO receipt(idem_key, digest, result) VALUES (?, ?, ?)")) {
                insert.setString(1, key);
                insert.setString(2, digest);
                insert.setString(3, reference);
                insert.executeUpdate();
            }
            return new Booking(reference, false);
        });
    }

    static long insertEffect(Connection c, String key, String payload) throws SQLException {
        try (PreparedStatement insert =
                c.prepareStatement("INSERT INTO effect(intent_id, payload) VALUES (?, ?) RETURNING effect_id")) {
            insert.setString(1, key);
            insert.setString(2, payload);
            try (ResultSet id = insert.executeQuery()) {
                id.next();
                return id.getLong(1);
            }
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
