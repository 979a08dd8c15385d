/**
 * The records of a Kafka topic as a side of an invariant:
 * {@link dev.deliverykit.invariant.kafka.KafkaTopicSource}, keyed by record key or header. It needs
 * {@code org.apache.kafka:kafka-clients} on the test class path, which testkit-core declares optional: add it (your
 * code under test has it already).
 *
 * <pre>{@code
 * Invariant sentOnce = Invariants.exactlyOncePerKey()
 *         .intentsIn(orders, "outbox_message", "message_id")
 *         .effectsFrom(KafkaTopicSource.byRecordKey("shipments", () -> Map.of("bootstrap.servers", servers)));
 * }</pre>
 */
package dev.deliverykit.invariant.kafka;
