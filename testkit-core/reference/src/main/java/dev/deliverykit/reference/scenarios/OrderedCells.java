package dev.deliverykit.reference.scenarios;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.Effect;
import dev.deliverykit.reference.ordered.InboxEntry;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Projection;
import dev.deliverykit.reference.ordered.RelayResult;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** How the tables of {@link OrderedDeliveryScenarios} write what the ordered protocol returned and stored. */
final class OrderedCells {

    private OrderedCells() {}

    static String word(Enum<?> outcome) {
        return ContractWords.of(outcome);
    }

    /** A drain's result, as a cell. */
    static String describe(DrainResult drained) {
        return "applied " + drained.applied() + ", " + word(drained.stop())
                + drained.blockReason().map(reason -> " " + reason).orElse("");
    }

    static String describe(RelayResult result) {
        return word(result.outcome()) + result.eventId().map(id -> " " + id).orElse("");
    }

    static <T> String join(List<T> items, Function<T, String> text, String separator) {
        return items.stream().map(text).collect(Collectors.joining(separator));
    }

    static String kinds(List<Effect> effects) {
        return effects.isEmpty()
                ? "(none)"
                : join(effects, effect -> effect.kind().toString(), ", ");
    }

    static String prefix(List<Effect> effects) {
        return effects.isEmpty() ? "(none)" : join(effects, effect -> String.valueOf(effect.seq()), ", ");
    }

    static String projection(Projection projection) {
        return projection.state() + " last_seq=" + projection.lastSeq() + " held=" + projection.held();
    }

    static String flow(OrderedProducer producer) {
        return producer.flow("A")
                .map(flow -> flow.state() + " seq=" + flow.seq())
                .orElse("(none)");
    }

    static String accepted(OrderedProducer producer) {
        return join(producer.outbox(), entry -> entry.eventId() + "=" + (entry.accepted() ? 1 : 0), ", ");
    }

    static String inboxIds(OrderedConsumer consumer) {
        return consumer.inbox().isEmpty() ? "(none)" : join(consumer.inbox(), InboxEntry::eventId, ", ");
    }

    static String inboxState(InboxEntry entry) {
        return entry.state() + entry.reason().map(reason -> " " + reason).orElse("");
    }

    static String finalState(OrderedConsumer consumer, String flowId) {
        Projection projection = consumer.projection(flowId);
        return new MarkdownTable("final state", "last_seq", "held", "effects in order")
                .row(projection.state(), projection.lastSeq(), projection.held(), kinds(consumer.effects(flowId)))
                .render();
    }

    static boolean sameEvents(List<InboxEntry> before, List<InboxEntry> after) {
        Function<InboxEntry, String> identity = entry -> entry.eventId() + " " + entry.seq() + " " + entry.body();
        return before.stream()
                .map(identity)
                .toList()
                .equals(after.stream().map(identity).toList());
    }
}
