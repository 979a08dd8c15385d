package dev.deliverykit.reference.retention;

import java.util.List;

/**
 * The tables of the retention protocol. Every statement is {@code IF NOT EXISTS} and no row is written,
 * so creating the schema again ("re-initialising") never resets a boundary.
 */
final class RetentionSchema {

    /** Key (namespace, epoch, op); {@code result} is the effect id, NULL once expired (a tombstone). */
    private static final String RECEIPT = """
            CREATE TABLE IF NOT EXISTS receipt(
                namespace TEXT NOT NULL,
                epoch INTEGER NOT NULL CHECK(epoch >= 1),
                op TEXT NOT NULL,
                digest TEXT NOT NULL,
                result INTEGER,
                PRIMARY KEY(namespace, epoch, op))""";

    /** A missing row means closed_through 0: nothing sealed yet. */
    private static final String BOUNDARY = """
            CREATE TABLE IF NOT EXISTS boundary(
                namespace TEXT PRIMARY KEY,
                closed_through INTEGER NOT NULL CHECK(closed_through >= 0))""";

    /** The synthetic business effect (a ticket). Deliberately not unique: it is no hidden dedup. */
    private static final String EFFECT = """
            CREATE TABLE IF NOT EXISTS effect(
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                namespace TEXT NOT NULL,
                epoch INTEGER NOT NULL,
                op TEXT NOT NULL)""";

    // The API already refuses to lower a boundary; these triggers also stop a hand-written UPDATE or
    // DELETE from re-admitting sealed epochs. Restoring an old backup of the whole file they cannot stop.
    private static final String BOUNDARY_NEVER_LOWERED = """
            CREATE TRIGGER IF NOT EXISTS boundary_never_lowered
            BEFORE UPDATE OF closed_through ON boundary
            WHEN NEW.closed_through < OLD.closed_through
            BEGIN
                SELECT RAISE(ABORT, 'boundary.closed_through is monotonic and cannot be lowered');
            END""";

    private static final String BOUNDARY_NEVER_DELETED = """
            CREATE TRIGGER IF NOT EXISTS boundary_never_deleted
            BEFORE DELETE ON boundary
            BEGIN
                SELECT RAISE(ABORT, 'boundary rows cannot be deleted: a missing row means closed_through 0');
            END""";

    private RetentionSchema() {}

    static final List<String> ALL = List.of(RECEIPT, BOUNDARY, EFFECT, BOUNDARY_NEVER_LOWERED, BOUNDARY_NEVER_DELETED);
}
