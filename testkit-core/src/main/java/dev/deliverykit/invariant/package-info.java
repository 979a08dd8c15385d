/**
 * Invariants over the committed state of your own databases, read through JDBC: the checks of section 4
 * of {@code docs/protocols.md} that a crash test runs after every crash, recovery or delivery order.
 *
 * <ul>
 *   <li>{@link dev.deliverykit.invariant.Invariants}: the one entry point; builders for exactly once per key
 *       (and its halves, at most once and no lost intent), state and outbox together, contiguous prefix per
 *       flow, no resurrection after cleanup, no conflict counted as success, and {@code noRows} for your own
 *       queries;</li>
 *   <li>{@link dev.deliverykit.invariant.JdbcSource}: where a database is read, with the name reports use;</li>
 *   <li>{@link dev.deliverykit.invariant.RecordSource}: where a keyed side is read from a broker instead (a Kafka
 *       topic in {@code dev.deliverykit.invariant.kafka}, a JMS queue in {@code dev.deliverykit.invariant.jms});</li>
 *   <li>{@link dev.deliverykit.invariant.InvariantResult}, {@link dev.deliverykit.invariant.Violation},
 *       {@link dev.deliverykit.invariant.ViolationKind}, {@link dev.deliverykit.invariant.Verdict}: the
 *       judgement, structured and as a deterministic message.</li>
 * </ul>
 *
 * <p>Checks never write: each opens its own connections, reads inside transactions it always rolls back,
 * and so sees only committed state. A broken definition fails loudly with an
 * {@link dev.deliverykit.invariant.InvariantDefinitionException} (a bad identifier when the invariant is
 * built, a failing query when it runs, naming the invariant, the database and the SQL); a database that
 * cannot be opened with an {@link dev.deliverykit.invariant.InvariantSourceException}.
 *
 * <pre>{@code
 * Invariant exactlyOnce = Invariants.exactlyOncePerKey()
 *         .intentsFrom(JdbcSource.url("jdbc:sqlite:orchestrator.db").named("orchestrator.db"),
 *                 "SELECT command_id FROM outbox")
 *         .effectsIn(JdbcSource.url("jdbc:sqlite:warehouse.db").named("warehouse.db"), "effect", "intent_id");
 * InvariantResult result = exactlyOnce.check();
 * if (result.verdict() == Verdict.VIOLATED) {
 *     System.out.println(result.message());
 * }
 * }</pre>
 */
package dev.deliverykit.invariant;
