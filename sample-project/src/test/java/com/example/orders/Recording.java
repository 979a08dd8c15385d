package com.example.orders;

import java.util.ArrayList;
import java.util.List;

/** Passes messages to a consumer and records what it answered. */
public final class Recording implements MessageHandler {

    /** One answered delivery. */
    public record Delivery(String messageId, HandleOutcome outcome) {}

    private final MessageHandler consumer;
    private final List<Delivery> deliveries = new ArrayList<>();

    public Recording(MessageHandler consumer) {
        this.consumer = consumer;
    }

    @Override
    public HandleOutcome handle(Message message) {
        HandleOutcome outcome = consumer.handle(message);
        deliveries.add(new Delivery(message.messageId(), outcome));
        return outcome;
    }

    /** The answered deliveries, in order. */
    public List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }
}
