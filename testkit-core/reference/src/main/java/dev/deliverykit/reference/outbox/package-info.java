/**
 * Section 1 of {@code docs/protocols.md} (seeds 001 and 002): the transactional outbox, the idempotent
 * receiver, and the one-intent, two-database model of three delivery protocols.
 *
 * <ul>
 *   <li>{@link dev.deliverykit.reference.outbox.TransactionalOutbox}: a workflow event and the commands it
 *       produces in one local transaction; deterministic command ids; rows are marked done, never
 *       deleted.</li>
 *   <li>{@link dev.deliverykit.reference.outbox.IdempotentReceiver}: key, parameter digest and result
 *       stored in the same transaction as the effect; {@code EXECUTED}, {@code REPLAYED} or
 *       {@code CONFLICT}.</li>
 *   <li>{@link dev.deliverykit.reference.outbox.Orchestrator} with a
 *       {@link dev.deliverykit.reference.outbox.DeliveryProtocol}: mark-first, outbox without receiver
 *       dedup, outbox with an atomic receiver receipt; the crash boundaries of the 3 x 5 matrix are
 *       listed in {@link dev.deliverykit.reference.outbox.DeliveryBoundary}.</li>
 * </ul>
 *
 * <p>Every class holds its own connection(s) and is not thread-safe; recovery means new instances on
 * the same files. There are no test hooks: crashes are injected from outside at the statements and
 * methods named in the Javadoc.
 */
package dev.deliverykit.reference.outbox;
