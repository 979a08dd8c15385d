package dev.deliverykit.reference.scenarios;

import java.util.List;

/** The sections of the reference scenario report, in the order of {@code docs/protocols.md}. */
final class ReferenceSections {

    private ReferenceSections() {}

    static List<ScenarioSection> all() {
        return List.of(new OutboxScenarios(), new OrderedDeliveryScenarios(), new RetentionScenarios());
    }
}
