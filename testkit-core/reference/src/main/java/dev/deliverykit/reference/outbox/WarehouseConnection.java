package dev.deliverykit.reference.outbox;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one connection a warehouse keeps to its database, opened with the {@code effect} table (and any
 * tables of its own), and what every warehouse reads through it.
 */
record WarehouseConnection(SqliteDatabase database, Connection connection) implements AutoCloseable {

    /** Opens {@code database} and creates the {@code effect} table and {@code moreTables} if needed. */
    static WarehouseConnection open(SqliteDatabase database, String... moreTables) {
        Objects.requireNonNull(database, "database");
        List<String> schema = new ArrayList<>(List.of(EffectLog.CREATE_TABLE, EffectLog.CREATE_INDEX));
        schema.addAll(List.of(moreTables));
        return new WarehouseConnection(database, Sql.openWithSchema(database, schema));
    }

    /** {@code N(key)}: the number of committed effects for {@code key}. */
    long effectCount(IdempotencyKey key) {
        Objects.requireNonNull(key, "key");
        return Sql.read(connection, database, "count effects of " + key, c -> EffectLog.count(c, key));
    }

    @Override
    public void close() {
        Sql.close(connection, database);
    }
}
