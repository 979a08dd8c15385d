package dev.deliverykit.order;

import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;

/**
 * A test-side transport in front of the reference ordered consumer: each delivery stores the event and
 * drains its flow, as a message listener would. {@link #deliver(Event)} is the entry point the tests force
 * an order on; nothing in it knows about the kit.
 */
final class Transport {

    static final int DRAIN_LIMIT = 10;

    private final OrderedConsumer consumer;

    Transport(OrderedConsumer consumer) {
        this.consumer = consumer;
    }

    void deliver(Event event) {
        consumer.receive(event);
        consumer.drain(event.flowId(), DRAIN_LIMIT);
    }
}
