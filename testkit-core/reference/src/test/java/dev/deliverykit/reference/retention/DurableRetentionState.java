package dev.deliverykit.reference.retention;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.util.List;
import java.util.Map;

/** Reads the committed retention tables through a connection of its own, as a fresh process would. */
final class DurableRetentionState {

    private DurableRetentionState() {}

    static long effects(SqliteDatabase db) {
        return Db.count(db.file(), "effect");
    }

    static long receipts(SqliteDatabase db) {
        return Db.count(db.file(), "receipt");
    }

    /** The stored {@code closed_through}; 0 when the namespace has no boundary row (never sealed). */
    static long closedThrough(SqliteDatabase db, String namespace) {
        List<Map<String, Object>> rows =
                Db.rows(db.file(), "SELECT closed_through FROM boundary WHERE namespace = ?", namespace);
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get("closed_through")).longValue();
    }

    /** Every receipt of {@code namespace} as "epoch/op result", in key order; result "null" is a tombstone. */
    static List<String> receiptsOf(SqliteDatabase db, String namespace) {
        return Db.rows(
                        db.file(),
                        "SELECT epoch, op, result FROM receipt WHERE namespace = ? ORDER BY epoch, op",
                        namespace)
                .stream()
                .map(row -> row.get("epoch") + "/" + row.get("op") + " " + row.get("result"))
                .toList();
    }

    /** Every effect as "id namespace/epoch/op", in id order. */
    static List<String> effectRows(SqliteDatabase db) {
        return Db.rows(db.file(), "SELECT id, namespace, epoch, op FROM effect ORDER BY id").stream()
                .map(row -> row.get("id") + " " + row.get("namespace") + "/" + row.get("epoch") + "/" + row.get("op"))
                .toList();
    }
}
