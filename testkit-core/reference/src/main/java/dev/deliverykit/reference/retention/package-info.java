/**
 * Retention of dedup records (section 3 of {@code docs/protocols.md}, seed 004): when may the
 * receipts that make a receiver idempotent be deleted, and what must stay behind so that a late
 * request is answered {@code closed} or {@code result_expired} instead of being executed again.
 *
 * <p>{@link dev.deliverykit.reference.retention.RetentionStore} is the correct receiver: receipts keyed
 * by {@code (namespace, epoch, op)}, result tombstones, and a monotonic per-namespace boundary
 * {@code closed_through} that is raised in the same transaction that deletes the receipts it replaces.
 * {@link dev.deliverykit.reference.retention.ReceiptOnlyCleanup} is the deliberately broken cleanup
 * that deletes receipts and leaves the boundary alone, so that a late request creates its effect twice.
 *
 * <pre>{@code
 * SqliteDatabase db = SqliteDatabase.at(dir.resolve("retention.db"));
 * try (RetentionStore store = new RetentionStore(db)) {
 *     store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");   // CREATED
 *     store.closeAndCollect("demo", 1);                             // boundary 1, 1 receipt deleted
 *     store.execute("demo", 1, "work-1", "{\"ticket\":\"T-1\"}");   // CLOSED, still 1 effect
 * }
 * }</pre>
 */
package dev.deliverykit.reference.retention;
