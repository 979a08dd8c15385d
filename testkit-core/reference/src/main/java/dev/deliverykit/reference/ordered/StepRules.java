package dev.deliverykit.reference.ordered;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The business rules of a flow step, shared by producer and consumer: which payload each schema
 * carries, and what the legal next step is ({@code new -> reserved -> confirmed -> released}, amount
 * fixed at {@value #FLOW_AMOUNT}).
 */
final class StepRules {

    /** Every flow reserves, confirms and releases exactly this amount. */
    static final long FLOW_AMOUNT = 3;

    private StepRules() {}

    /**
     * Why {@code event} is not the legal next step of a flow that is in {@code current}, or empty if it is.
     * Checked in this order: schema supported, payload decodable, legal transition.
     */
    static Optional<BlockReason> check(FlowState current, Event event, SchemaSupport schemas) {
        if (!schemas.supports(event.schema())) {
            return Optional.of(BlockReason.UNSUPPORTED_SCHEMA);
        }
        OptionalLong amount = amount(event);
        if (amount.isEmpty()) {
            return Optional.of(BlockReason.INVALID_PAYLOAD);
        }
        boolean nextInOrder = event.seq() == current.seq() + 1 && current.next().equals(Optional.of(event.kind()));
        if (!nextInOrder || amount.getAsLong() != FLOW_AMOUNT) {
            return Optional.of(BlockReason.INVALID_TRANSITION);
        }
        return Optional.empty();
    }

    /**
     * The amount an event carries: schema 1 exactly {@code {"amount": n}}, schema 2 exactly
     * {@code {"units": n}}, {@code n >= 1}; empty for any other payload or schema.
     */
    static OptionalLong amount(Event event) {
        String field;
        if (event.schema() == 1) {
            field = "amount";
        } else if (event.schema() == 2) {
            field = "units";
        } else {
            return OptionalLong.empty();
        }
        Optional<Long> value = event.payloadInteger(field);
        if (!event.payload().keySet().equals(Set.of(field)) || value.isEmpty() || value.get() < 1) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(value.get());
    }
}
