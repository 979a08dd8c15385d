package dev.deliverykit.sites;

import java.sql.Statement;

/** Creates the tables in their own transaction: a helper that takes no lambda. */
public final class Schema {

    private Schema() {}

    public static void create(Db db) {
        db.inTx(connection -> {
            try (Statement ddl = connection.createStatement()) {
                ddl.execute("CREATE TABLE IF NOT EXISTS outbox(id TEXT PRIMARY KEY, sent INTEGER NOT NULL)");
            }
        });
    }
}
