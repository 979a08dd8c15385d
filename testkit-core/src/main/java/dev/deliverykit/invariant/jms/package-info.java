/**
 * The messages waiting on a JMS queue as a side of an invariant:
 * {@link dev.deliverykit.invariant.jms.JmsQueueSource}, keyed by {@code JMSMessageID}, {@code JMSCorrelationID} or
 * a property, browsed without consuming. It needs {@code jakarta.jms:jakarta.jms-api} (JMS 3, Jakarta EE 9 or newer)
 * and a provider's client on the test class path; testkit-core declares the API optional: add it (your code under
 * test has it already).
 *
 * <pre>{@code
 * Invariant sentOnce = Invariants.exactlyOncePerKey()
 *         .intentsIn(orders, "outbox_message", "message_id")
 *         .effectsFrom(JmsQueueSource.byProperty("shipments", "message_id", () -> connectionFactory));
 * }</pre>
 */
package dev.deliverykit.invariant.jms;
