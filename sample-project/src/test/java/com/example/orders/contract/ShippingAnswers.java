package com.example.orders.contract;

import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import dev.deliverykit.junit5.contract.Answer;

/** What shipping answered a placed message, in the contracts' words. */
final class ShippingAnswers {

    private ShippingAnswers() {}

    static Answer answer(Message placed, HandleOutcome outcome) {
        return switch (outcome) {
            case APPLIED -> Answer.EXECUTED;
            case DUPLICATE -> Answer.REPLAYED;
            case CONFLICT -> Answer.CONFLICT;
            case REJECTED_SEALED -> Answer.CLOSED;
            case PARKED ->
                throw new IllegalStateException("shipping parked " + placed.messageId() + ", a placed message, which"
                        + " has no predecessor to wait for");
        };
    }
}
