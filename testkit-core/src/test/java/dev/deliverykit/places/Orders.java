package dev.deliverykit.places;

import dev.deliverykit.sites.Db;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;

/** Places and cancels orders: each a transaction that changes the order and adds its event to the outbox. */
public final class Orders {

    private final Db db;

    public Orders(Path file) {
        this.db = new Db(file);
    }

    public void createTables() {
        db.inTx(connection -> {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE IF NOT EXISTS orders(id TEXT PRIMARY KEY, status TEXT NOT NULL)");
                ddl.execute("CREATE TABLE IF NOT EXISTS outbox(seq INTEGER PRIMARY KEY AUTOINCREMENT,"
                        + " order_id TEXT NOT NULL, event TEXT NOT NULL)");
            }
        });
    }

    public void place(String id) {
        db.inTx(connection -> {
            try (PreparedStatement insert =
                    connection.prepareStatement("INSERT INTO orders(id, status) VALUES (?, 'placed')")) {
                insert.setString(1, id);
                insert.executeUpdate();
            }
            Outbox.add(connection, id, "placed");
        });
    }

    public void cancel(String id) {
        db.inTx(connection -> {
            try (PreparedStatement update =
                    connection.prepareStatement("UPDATE orders SET status = 'cancelled' WHERE id = ?")) {
                update.setString(1, id);
                update.executeUpdate();
            }
            Outbox.add(connection, id, "cancelled");
        });
    }
}
