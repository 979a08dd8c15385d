package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where an invariant reads keys that live outside your databases: the records of a Kafka topic, the messages
 * waiting on a JMS queue. A message that reached the broker twice is a duplicate as surely as a row inserted twice,
 * and one that never reached it is lost, so the broker's side of a delivery is judged like a table's.
 *
 * <p>Each {@link #read(RecordRead)} reads everything the broker holds at that moment, without consuming or changing
 * anything, and returns one row per record, its values as text, in an order that is the same whenever the broker
 * holds the same records. The keyed builders take a source where they take a {@link JdbcSource} and a query:
 * {@code intentsFrom(source)}, {@code effectsFrom(source)}, {@code stateFrom(source)}, {@code outboxFrom(source)}
 * and {@code appliedFrom(source)}. The kit brings two, {@code KafkaTopicSource} and {@code JmsQueueSource} (in
 * {@code dev.deliverykit.invariant.kafka} and {@code dev.deliverykit.invariant.jms}, which need the broker's client
 * on your test class path):
 *
 * <pre>{@code
 * final RecordSource shipments = KafkaTopicSource.byHeader(
 *         "shipments", "message-id", () -> Map.of("bootstrap.servers", kafka.bootstrapServers()));
 *
 * @CheckInvariant
 * final Invariant sentOnce = Invariants.exactlyOncePerKey("every outbox message on the topic once")
 *         .intentsIn(orders, "outbox_message", "message_id")
 *         .effectsFrom(shipments);
 * }</pre>
 *
 * <p>A source of your own reads its broker in {@link #read(RecordRead)} and reports a broker it cannot reach with
 * {@link RecordRead#unreachable(String, Throwable)}, and a definition that does not fit the records (a missing
 * topic, a record without the key it should carry) with {@link RecordRead#wrongDefinition(String)}: the invariant
 * names itself and the source in the message.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface RecordSource {

    /**
     * How descriptions, reports and error messages name what is read, for example
     * {@code Kafka topic shipments by header message-id}. Keep it free of what changes between runs (a broker's
     * random port): reports compare descriptions across cases.
     */
    String name();

    /**
     * Reads every record the broker holds now, one row per record.
     *
     * @param read the invariant this read is for, and how to fail it
     * @return the rows, never {@code null}
     * @throws InvariantSourceException if the broker cannot be read (from {@link RecordRead#unreachable})
     * @throws InvariantDefinitionException if the records do not fit the source's definition (from
     *     {@link RecordRead#wrongDefinition})
     */
    RecordRows read(RecordRead read);
}
