package com.example.orders.shipping;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/** Reads the dedup epoch sealed so far, shared by the consumer and the cleanup. */
final class SealedEpochs {

    private SealedEpochs() {}

    /** The highest sealed epoch, empty if nothing was sealed yet. */
    static OptionalLong sealedThrough(Connection c) throws SQLException {
        try (PreparedStatement select = c.prepareStatement("SELECT MAX(sealed_through) FROM dedup_epoch_seal");
                ResultSet row = select.executeQuery()) {
            row.next();
            long value = row.getLong(1);
            return row.wasNull() ? OptionalLong.empty() : OptionalLong.of(value);
        }
    }
}
