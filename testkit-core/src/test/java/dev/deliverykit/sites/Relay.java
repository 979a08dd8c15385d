package dev.deliverykit.sites;

import java.sql.PreparedStatement;

/** The code a crash site should name: creates the schema, then adds and marks one message, each in its own transaction. */
public final class Relay {

    private final Db db;

    public Relay(Db db) {
        this.db = db;
    }

    public void start() {
        Schema.create(db);
    }

    public void publish(String id) {
        db.inTx(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO outbox(id, sent) VALUES (?, 0)")) {
                insert.setString(1, id);
                insert.executeUpdate();
            }
        });
        db.inTx(connection -> Outbox.markSent(connection, id));
    }
}
