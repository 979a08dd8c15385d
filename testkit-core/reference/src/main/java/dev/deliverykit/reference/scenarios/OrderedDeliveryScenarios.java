package dev.deliverykit.reference.scenarios;

import static dev.deliverykit.reference.scenarios.OrderedCells.accepted;
import static dev.deliverykit.reference.scenarios.OrderedCells.describe;
import static dev.deliverykit.reference.scenarios.OrderedCells.finalState;
import static dev.deliverykit.reference.scenarios.OrderedCells.flow;
import static dev.deliverykit.reference.scenarios.OrderedCells.inboxIds;
import static dev.deliverykit.reference.scenarios.OrderedCells.inboxState;
import static dev.deliverykit.reference.scenarios.OrderedCells.join;
import static dev.deliverykit.reference.scenarios.OrderedCells.kinds;
import static dev.deliverykit.reference.scenarios.OrderedCells.prefix;
import static dev.deliverykit.reference.scenarios.OrderedCells.projection;
import static dev.deliverykit.reference.scenarios.OrderedCells.sameEvents;
import static dev.deliverykit.reference.scenarios.OrderedCells.word;
import static dev.deliverykit.reference.scenarios.OrderedPairs.count;
import static dev.deliverykit.reference.scenarios.OrderedPairs.execute;
import static dev.deliverykit.reference.scenarios.OrderedPairs.failure;
import static dev.deliverykit.reference.scenarios.OrderedPairs.relayOnce;
import static dev.deliverykit.reference.scenarios.OrderedPairs.relayUntilIdle;
import static dev.deliverykit.reference.scenarios.OrderedPairs.step;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.markdown.MarkdownTable;
import dev.deliverykit.reference.ordered.ApplyResult;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.InboxEntry;
import dev.deliverykit.reference.ordered.InboxState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.OutboxEntry;
import dev.deliverykit.reference.ordered.Projection;
import dev.deliverykit.reference.ordered.ReceiveOutcome;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.SchemaSupport;
import dev.deliverykit.reference.ordered.UnsafeDualWriteProducer;
import dev.deliverykit.reference.scenarios.OrderedPairs.Pair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Section 2 of {@code docs/protocols.md}, ordered outbox -> inbox -> apply (seed 000): every named
 * scenario, run on fresh producer and consumer databases, rendered as tables of outcomes and committed
 * state, ending with the ten crash boundaries ({@link OrderedCrashTable}: real process exits of child JVMs
 * halted by the boundary engine, compared with the same crashes in process). Outcomes are written in the
 * contract's lower-case words. The six-process races are left to their own tests: their outcome
 * distributions vary by schedule, so only their deterministic facts belong in a golden file, and the tests
 * check them.
 *
 * <pre>{@code
 * String markdown = new OrderedDeliveryScenarios().render(Files.createTempDirectory("ordered"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OrderedDeliveryScenarios implements ScenarioSection {

    private static final int NO_LIMIT = 100;
    private static final String COUNT_FLOWS = "SELECT count(*) FROM flow";
    private static final String COUNT_OUTBOX = "SELECT count(*) FROM outbox";
    private static final String COUNT_PROJECTIONS = "SELECT count(*) FROM projection";
    private static final String COUNT_EFFECTS = "SELECT count(*) FROM effect";
    private static final String REJECT_OUTBOX_INSERT = "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: outbox insert rejected'); END";
    private static final String REJECT_EFFECT_INSERT = "CREATE TRIGGER reject_effect BEFORE INSERT ON effect"
            + " BEGIN SELECT RAISE(ABORT, 'injected fault: effect insert rejected'); END";

    @Override
    public String render(Path workDirectory) throws Exception {
        OrderedPairs scenarios = new OrderedPairs(workDirectory);
        return "## Ordered outbox -> inbox -> apply\n\n"
                + "Producer `flow` + `outbox` and consumer `inbox` + `projection` + `effect` in two SQLite files."
                + " Flow events: #1 reserved, #2 confirmed, #3 released, amount 3, ids `A1`, `A2`, ... State"
                + " columns are read back from the committed databases.\n\n"
                + "### Arrival 3, 1, 2 (drain after each arrival)\n\n"
                + arrival(scenarios.next("arrival")) + "\n"
                + "### All six arrival orders (drain after each arrival)\n\n"
                + permutations(scenarios) + "\n"
                + "### Counter-example: dedup by id only, apply in arrival order (input 3, 1, 2, 3)\n\n"
                + counterExample(scenarios) + "\n"
                + "### Schema upgrade: #1 as schema 1, #2 and #3 as schema 2 (`units`)\n\n"
                + schemaUpgrade(scenarios.next("schema-upgrade")) + "\n"
                + "### Blocked apply reasons (event #1 of a new flow, v2 support on)\n\n"
                + blockedReasons(scenarios) + "\n"
                + "### Per-flow isolation: A gets 1 and 3, B gets 1, 2, 3\n\n"
                + isolation(scenarios.next("isolation")) + "\n"
                + "### Head-of-line: A1 meets a permanent id_conflict\n\n"
                + headOfLine(scenarios.next("head-of-line"))
                + "\nIsolation of apply is not fair dispatch: the default relay picks A1 again every time.\n\n"
                + "### accepted_is_not_applied: relay everything, apply nothing\n\n"
                + acceptedIsNotApplied(scenarios.next("accepted-is-not-applied"))
                + "\nA valid, unfinished state: the consumer now owns the events.\n\n"
                + "### Producer outcomes (`advance(event, expected_seq)`, in rule order)\n\n"
                + producerOutcomes(scenarios.next("producer-outcomes")) + "\n"
                + "### Receive outcomes\n\n"
                + receiveOutcomes(scenarios.next("receive-outcomes")) + "\n"
                + "### unsafe_dual_write: a trigger rejects the outbox insert\n\n"
                + unsafeDualWrite(scenarios) + "\n"
                + "### A trigger rejects the effect insert during apply\n\n"
                + rejectedEffect(scenarios.next("rejected-effect")) + "\n"
                + "### Ten crash boundaries (real process exits): advance A1, relay, drain A; the process dies at"
                + " each boundary\n\n"
                + "Each row is a child JVM, producer, relay and consumer in one process, that the boundary engine"
                + " halts at the named boundary of `ReferenceBoundaries`; `exit` is the exit code the report read"
                + " from that process. Recovery is new instances in the report's JVM: re-advance A1 with"
                + " expected_seq 0, relay until idle, drain A. The contract: after recovery every row has exactly"
                + " one effect for A1, projection `reserved`, `last_seq=1`, `held=3`.\n\n"
                + OrderedCrashTable.render(Files.createDirectories(workDirectory.resolve("ten-boundaries")));
    }

    private static String arrival(Pair pair) {
        MarkdownTable table = new MarkdownTable("arrival", "applied this call", "stop reason", "applied prefix");
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
            List<String> labels = List.of("only #3", "then #1", "then #2");
            List<Integer> order = List.of(3, 1, 2);
            for (int i = 0; i < order.size(); i++) {
                consumer.receive(step("A", order.get(i)));
                DrainResult drained = consumer.drain("A", NO_LIMIT);
                table.row(labels.get(i), drained.applied(), word(drained.stop()), prefix(consumer.effects("A")));
            }
            return table.render() + "\n" + finalState(consumer, "A");
        }
    }

    private static String permutations(OrderedPairs scenarios) {
        MarkdownTable table = new MarkdownTable("arrival order", "state", "last_seq", "held", "effects");
        for (List<Integer> order : List.of(
                List.of(1, 2, 3),
                List.of(1, 3, 2),
                List.of(2, 1, 3),
                List.of(2, 3, 1),
                List.of(3, 1, 2),
                List.of(3, 2, 1))) {
            Pair pair = scenarios.next("permutation-" + join(order, String::valueOf, "-"));
            try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
                for (int seq : order) {
                    consumer.receive(step("A", seq));
                    consumer.drain("A", NO_LIMIT);
                }
                Projection projection = consumer.projection("A");
                table.row(
                        join(order, String::valueOf, ", "),
                        projection.state(),
                        projection.lastSeq(),
                        projection.held(),
                        kinds(consumer.effects("A")));
            }
        }
        return table.render();
    }

    private static String counterExample(OrderedPairs scenarios) {
        List<Integer> input = List.of(3, 1, 2, 3);
        MarkdownTable table = new MarkdownTable("consumer", "receive outcomes", "state", "last_seq", "held", "effects");
        try (OrderedConsumer ordered =
                new OrderedConsumer(scenarios.next("counter-example-ordered").consumerDb())) {
            List<ReceiveOutcome> outcomes = new ArrayList<>();
            for (int seq : input) {
                outcomes.add(ordered.receive(step("A", seq)));
                ordered.drain("A", NO_LIMIT);
            }
            Projection projection = ordered.projection("A");
            table.row(
                    "ordered (apply last_seq + 1)",
                    join(outcomes, OrderedCells::word, ", "),
                    projection.state(),
                    projection.lastSeq(),
                    projection.held(),
                    kinds(ordered.effects("A")));
        }
        try (ArrivalOrderConsumer arrivalOrder = new ArrivalOrderConsumer(
                scenarios.next("counter-example-arrival-order").consumerDb())) {
            List<ReceiveOutcome> outcomes = new ArrayList<>();
            for (int seq : input) {
                outcomes.add(arrivalOrder.receive(step("A", seq)));
            }
            Projection projection = arrivalOrder.projection("A");
            table.row(
                    "arrival order (dedup by id only, WRONG)",
                    join(outcomes, OrderedCells::word, ", "),
                    projection.state(),
                    projection.lastSeq(),
                    projection.held(),
                    kinds(arrivalOrder.effects("A")));
        }
        return table.render();
    }

    private static String schemaUpgrade(Pair pair) {
        try (OrderedProducer producer = new OrderedProducer(pair.producerDb())) {
            producer.advance(step("A", 1), 0);
            producer.advance(Event.v2("A2", "A", 2, FlowState.CONFIRMED, 3), 1);
            producer.advance(Event.v2("A3", "A", 3, FlowState.RELEASED, 3), 2);
        }
        MarkdownTable table = new MarkdownTable("consumer", "drain", "#1", "#2", "#3", "state", "last_seq", "held");
        List<InboxEntry> storedBefore;
        try (OrderedConsumer defaultConsumer = new OrderedConsumer(pair.consumerDb());
                Relay relay = new Relay(pair.producerDb(), defaultConsumer)) {
            relayUntilIdle(relay);
            upgradeRow(table, "default (schema 1 only)", defaultConsumer);
            storedBefore = defaultConsumer.inbox();
        }
        boolean unchanged;
        try (OrderedConsumer upgraded = new OrderedConsumer(pair.consumerDb(), SchemaSupport.V1_AND_V2)) {
            upgradeRow(table, "v2 support on, same stored events", upgraded);
            unchanged = sameEvents(storedBefore, upgraded.inbox());
        }
        return table.render() + "\nStored events unchanged by the upgrade (same id, seq, body): "
                + (unchanged ? "yes" : "NO") + ".\n";
    }

    private static void upgradeRow(MarkdownTable table, String consumerName, OrderedConsumer consumer) {
        DrainResult drained = consumer.drain("A", NO_LIMIT);
        Map<String, String> rows =
                consumer.inbox().stream().collect(Collectors.toMap(InboxEntry::eventId, OrderedCells::inboxState));
        Projection projection = consumer.projection("A");
        table.row(
                consumerName,
                describe(drained),
                rows.get("A1"),
                rows.get("A2"),
                rows.get("A3"),
                projection.state(),
                projection.lastSeq(),
                projection.held());
    }

    private static String blockedReasons(OrderedPairs scenarios) {
        MarkdownTable table = new MarkdownTable("event #1", "receive", "apply", "inbox row");
        Map<String, Event> events = new LinkedHashMap<>();
        events.put("schema 7", new Event("A1", "A", 1, FlowState.RESERVED, 7, Map.of("amount", 3)));
        events.put("schema 1 carrying `units`", new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("units", 3)));
        events.put("amount as a string", new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("amount", "3")));
        events.put("kind confirmed at seq 1", Event.v1("A1", "A", 1, FlowState.CONFIRMED, 3));
        events.put("amount 4", Event.v1("A1", "A", 1, FlowState.RESERVED, 4));
        int scenario = 0;
        for (Map.Entry<String, Event> event : events.entrySet()) {
            Pair pair = scenarios.next("blocked-" + ++scenario);
            try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb(), SchemaSupport.V1_AND_V2)) {
                ReceiveOutcome received = consumer.receive(event.getValue());
                ApplyResult applied = consumer.apply("A");
                table.row(
                        event.getKey(),
                        word(received),
                        word(applied.outcome())
                                + applied.blockReason()
                                        .map(reason -> " " + reason)
                                        .orElse(""),
                        inboxState(consumer.inbox().get(0)));
            }
        }
        return table.render();
    }

    private static String isolation(Pair pair) {
        MarkdownTable table = new MarkdownTable("flow", "received", "drain", "state", "last_seq", "held");
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
            for (Event event : List.of(step("A", 1), step("A", 3), step("B", 1), step("B", 2), step("B", 3))) {
                consumer.receive(event);
            }
            for (DrainResult drained : consumer.drainAll(NO_LIMIT)) {
                String flow = drained.flowId();
                Projection projection = consumer.projection(flow);
                String received = consumer.inbox().stream()
                        .filter(entry -> entry.flowId().equals(flow))
                        .map(entry -> String.valueOf(entry.seq()))
                        .collect(Collectors.joining(", "));
                table.row(
                        flow, received, describe(drained), projection.state(), projection.lastSeq(), projection.held());
            }
        }
        return table.render();
    }

    private static String headOfLine(Pair pair) {
        try (OrderedProducer producer = new OrderedProducer(pair.producerDb())) {
            producer.advance(step("A", 1), 0);
            producer.advance(step("B", 1), 0);
        }
        MarkdownTable table = new MarkdownTable("call", "outcome", "outbox accepted", "inbox");
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb());
                Relay relay = new Relay(pair.producerDb(), consumer);
                OrderedProducer producer = new OrderedProducer(pair.producerDb())) {
            ReceiveOutcome planted = consumer.receive(Event.v1("A1", "A", 1, FlowState.RESERVED, 4));
            table.row(
                    "consumer stores another body as A1 (amount 4)",
                    word(planted),
                    accepted(producer),
                    inboxIds(consumer));
            for (int call = 1; call <= 3; call++) {
                table.row("relay() #" + call, describe(relay.relay()), accepted(producer), inboxIds(consumer));
            }
            table.row("relay(\"B1\")", describe(relay.relay("B1")), accepted(producer), inboxIds(consumer));
            table.row("drain B", describe(consumer.drain("B", NO_LIMIT)), accepted(producer), inboxIds(consumer));
        }
        return table.render();
    }

    private static String acceptedIsNotApplied(Pair pair) throws SQLException {
        try (OrderedProducer producer = new OrderedProducer(pair.producerDb())) {
            for (int seq = 1; seq <= 3; seq++) {
                producer.advance(step("A", seq), seq - 1);
            }
        }
        List<String> outcomes;
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb());
                Relay relay = new Relay(pair.producerDb(), consumer)) {
            outcomes = relayUntilIdle(relay);
        }
        MarkdownTable table = new MarkdownTable(
                "relay outcomes", "outbox accepted=1", "inbox pending", "projection rows", "effect rows");
        try (OrderedProducer producer = new OrderedProducer(pair.producerDb());
                OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
            long accepted =
                    producer.outbox().stream().filter(OutboxEntry::accepted).count();
            long pending = consumer.inbox().stream()
                    .filter(entry -> entry.state() == InboxState.PENDING)
                    .count();
            table.row(
                    String.join(", ", outcomes),
                    accepted + " of " + producer.outbox().size(),
                    pending + " of " + consumer.inbox().size(),
                    count(pair.consumerDb(), COUNT_PROJECTIONS),
                    count(pair.consumerDb(), COUNT_EFFECTS));
        }
        return table.render();
    }

    private static String producerOutcomes(Pair pair) {
        MarkdownTable table = new MarkdownTable("advance", "expected_seq", "outcome", "flow", "outbox rows");
        try (OrderedProducer producer = new OrderedProducer(pair.producerDb())) {
            Advance advance = (label, event, expectedSeq) -> table.row(
                    label,
                    expectedSeq,
                    word(producer.advance(event, expectedSeq)),
                    flow(producer),
                    producer.outbox().size());
            advance.row("A1 reserved", step("A", 1), 0);
            advance.row("A1 again, same body", step("A", 1), 0);
            advance.row("A1 with amount 4", Event.v1("A1", "A", 1, FlowState.RESERVED, 4), 0);
            advance.row("A1 on flow B", Event.v1("A1", "B", 1, FlowState.RESERVED, 3), 0);
            advance.row("A1 as schema 2", Event.v2("A1", "A", 1, FlowState.RESERVED, 3), 0);
            advance.row("new id A1-bis for seq 1", Event.v1("A1-bis", "A", 1, FlowState.RESERVED, 3), 0);
            advance.row("A2 released (skips confirmed)", Event.v1("A2", "A", 2, FlowState.RELEASED, 3), 1);
            advance.row("A2 confirmed with amount 5", Event.v1("A2", "A", 2, FlowState.CONFIRMED, 5), 1);
            advance.row("A2 confirmed", step("A", 2), 1);
            advance.row("A3 released", step("A", 3), 2);
            advance.row("A1 again after released", step("A", 1), 0);
            advance.row("A4 reserved (reopen)", Event.v1("A4", "A", 4, FlowState.RESERVED, 3), 3);
        }
        return table.render();
    }

    private static String receiveOutcomes(Pair pair) {
        MarkdownTable table = new MarkdownTable("receive", "outcome", "inbox rows");
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
            Receive receive = (label, event) -> table.row(label, word(consumer.receive(event)), inboxIds(consumer));
            receive.row("A1", step("A", 1));
            receive.row("A1 again, same body", step("A", 1));
            receive.row("A1 with amount 4", Event.v1("A1", "A", 1, FlowState.RESERVED, 4));
            receive.row("new id A1-other at (A, 1)", Event.v1("A1-other", "A", 1, FlowState.RESERVED, 3));
            receive.row("B1 as schema 9 (unknown)", new Event("B1", "B", 1, FlowState.RESERVED, 9, Map.of("qty", 3)));
        }
        return table.render();
    }

    private static String unsafeDualWrite(OrderedPairs scenarios) throws SQLException {
        MarkdownTable table = new MarkdownTable("producer", "advance A1", "flow rows", "outbox rows", "relay");
        Pair ordered = scenarios.next("dual-write-ordered");
        try (OrderedProducer producer = new OrderedProducer(ordered.producerDb())) {
            execute(ordered.producerDb(), REJECT_OUTBOX_INSERT);
            table.row(
                    "ordered (one transaction)",
                    failure(() -> producer.advance(step("A", 1), 0)),
                    count(ordered.producerDb(), COUNT_FLOWS),
                    count(ordered.producerDb(), COUNT_OUTBOX),
                    relayOnce(ordered));
        }
        Pair unsafe = scenarios.next("dual-write-unsafe");
        try (UnsafeDualWriteProducer producer = new UnsafeDualWriteProducer(unsafe.producerDb())) {
            execute(unsafe.producerDb(), REJECT_OUTBOX_INSERT);
            table.row(
                    "unsafe_dual_write (two transactions, WRONG)",
                    failure(() -> producer.advance(step("A", 1), 0)),
                    count(unsafe.producerDb(), COUNT_FLOWS),
                    count(unsafe.producerDb(), COUNT_OUTBOX),
                    relayOnce(unsafe));
        }
        return table.render();
    }

    private static String rejectedEffect(Pair pair) throws SQLException {
        MarkdownTable table = new MarkdownTable("step", "outcome", "projection", "effect rows", "inbox A1");
        try (OrderedConsumer consumer = new OrderedConsumer(pair.consumerDb())) {
            Step step = (label, outcome) -> table.row(
                    label,
                    outcome,
                    projection(consumer.projection("A")),
                    count(pair.consumerDb(), COUNT_EFFECTS),
                    inboxState(consumer.inbox().get(0)));
            step.row("receive A1", word(consumer.receive(step("A", 1))));
            execute(pair.consumerDb(), REJECT_EFFECT_INSERT);
            step.row("apply A with the trigger", failure(() -> consumer.apply("A")));
            execute(pair.consumerDb(), "DROP TRIGGER reject_effect");
            step.row("apply A again, trigger dropped", word(consumer.apply("A").outcome()));
        }
        return table.render();
    }

    @FunctionalInterface
    private interface Advance {
        void row(String label, Event event, long expectedSeq);
    }

    @FunctionalInterface
    private interface Receive {
        void row(String label, Event event);
    }

    @FunctionalInterface
    private interface Step {
        void row(String label, String outcome) throws SQLException;
    }
}
