/**
 * Ordered outbox -> inbox -> apply (section 2 of {@code docs/protocols.md}, seed 000): a producer whose
 * flow change and outbox row commit together, a relay that may send any row any number of times, and a
 * consumer whose durable inbox accepts events in any order while its apply step only ever applies the
 * next sequence of each flow.
 *
 * <p>Three different kinds of progress, three different records: <em>committed</em>
 * ({@link dev.deliverykit.reference.ordered.OrderedProducer}: {@code flow} + {@code outbox}),
 * <em>accepted</em> ({@link dev.deliverykit.reference.ordered.OrderedConsumer#receive(Event)}: {@code inbox}
 * pending, then {@code outbox.accepted=1} by the {@link dev.deliverykit.reference.ordered.Relay}) and
 * <em>applied</em> ({@link dev.deliverykit.reference.ordered.OrderedConsumer#apply(String)}:
 * {@code projection} + {@code effect} + {@code inbox.state='applied'}).
 * {@link dev.deliverykit.reference.ordered.UnsafeDualWriteProducer} and
 * {@link dev.deliverykit.reference.ordered.ArrivalOrderConsumer} are the deliberately broken variants.
 *
 * <pre>{@code
 * try (OrderedProducer producer = new OrderedProducer(producerDb);
 *         OrderedConsumer consumer = new OrderedConsumer(consumerDb);
 *         Relay relay = new Relay(producerDb, consumer)) {
 *     producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 3), 0);   // COMMITTED
 *     relay.relay();                                                        // ACCEPTED A1
 *     consumer.drain("A", 100);                                             // applied 1, stop IDLE
 * }
 * }</pre>
 */
package dev.deliverykit.reference.ordered;
