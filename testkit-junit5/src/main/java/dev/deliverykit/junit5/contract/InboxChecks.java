package dev.deliverykit.junit5.contract;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.order.DeliveryResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The checks of {@link OrderedInboxContract}. */
final class InboxChecks {

    static final String STANDARD = "standard";
    static final InboxEvent A1 = new InboxEvent("A1", "A", 1, 1, STANDARD);
    static final InboxEvent A2 = new InboxEvent("A2", "A", 2, 1, STANDARD);
    static final InboxEvent A3 = new InboxEvent("A3", "A", 3, 1, STANDARD);
    static final InboxEvent B1 = new InboxEvent("B1", "B", 1, 1, STANDARD);
    static final InboxEvent B2 = new InboxEvent("B2", "B", 2, 1, STANDARD);
    static final InboxEvent B3 = new InboxEvent("B3", "B", 3, 1, STANDARD);

    private static final Class<?> CONTRACT = OrderedInboxContract.class;
    private static final List<InboxEvent> FLOW_A = List.of(A1, A2, A3);
    private static final String ORDER_FIX = "apply only the event at last_seq + 1 of its flow, in the transaction"
            + " that moves last_seq, and keep later ones stored until their turn.";

    private InboxChecks() {}

    /**
     * A1, A2 and A3 sent, delivered in the case's order: every event applied once, in sequence; each first arrival
     * accepted, each later one a duplicate.
     */
    static void arrivals(ContractRun<OrderedInboxAdapter.Inbox> run, DeliveryScenario scenario) throws Exception {
        DeliveryResult result = deliver(run, scenario);
        scenario.assertHolds(appliedOnce(run, "each event applied once", FLOW_A), inSequence(run));
        CheckFailure.of(
                        CONTRACT,
                        run.checkId(),
                        "delivered " + String.join(",", result.delivered()) + ", applying what was ready after each"
                                + " arrival",
                        "store an event under its id and answer a stored id with the same body as a duplicate.")
                .expect("answered", answers(result), expectedAnswers(result.delivered()))
                .throwIfAny();
    }

    /**
     * A1, A2 and A3 sent, only some delivered: the events before the first missing one applied, nothing after it;
     * then the missing ones delivered to a fresh process: all applied once, in sequence.
     */
    static void gap(ContractRun<OrderedInboxAdapter.Inbox> run, DeliveryScenario scenario) throws Exception {
        DeliveryResult result = deliver(run, scenario);
        Set<String> delivered = new HashSet<>(result.delivered());
        List<InboxEvent> ready = new ArrayList<>();
        for (InboxEvent event : FLOW_A) {
            if (!delivered.contains(event.eventId())) {
                break;
            }
            ready.add(event);
        }
        scenario.observe("applied before the gap", ready.size());
        scenario.assertHolds(appliedOnce(run, "applied up to the gap", ready), inSequence(run));
        try (OrderedInboxAdapter.Inbox restarted = run.start()) { // the missing events arrive at last
            InboxArrivals arrivals = new InboxArrivals(restarted);
            for (InboxEvent event : FLOW_A) {
                if (!delivered.contains(event.eventId())) {
                    arrivals.arrive(event);
                }
            }
        }
        scenario.assertHolds(appliedOnce(run, "all applied once the gap is filled", FLOW_A), inSequence(run));
    }

    /** A1, then A2 and A3 of version 2, which the inbox does not support: A1 applied, A2 blocked, A3 waiting. */
    static void unsupportedVersion(ContractRun<OrderedInboxAdapter.Inbox> run) throws Exception {
        Query blocked = ((OrderedInboxAdapter) run.adapter())
                .blocked()
                .orElseThrow(() -> new IllegalStateException(ContractMessages.noBlockedQuery(
                                run.adapter().getClass().getName(), OrderedInboxContract.UNSUPPORTED_VERSION_BLOCKS)
                        .sentences()));
        InboxEvent a2 = new InboxEvent("A2", "A", 2, 2, STANDARD);
        InboxEvent a3 = new InboxEvent("A3", "A", 3, 2, STANDARD);
        run.createDatabases();
        try (OrderedInboxAdapter.Inbox inbox = run.start()) {
            InboxArrivals arrivals = new InboxArrivals(inbox);
            arrivals.arrive(A1);
            arrivals.arrive(a2);
            arrivals.arrive(a3);
        }
        try (OrderedInboxAdapter.Inbox restarted = run.start()) {
            restarted.applyReady(); // a restart must not skip the blocked event
        }
        List<String> blockedIds =
                run.rows(blocked, "blocked").stream().map(row -> row.get(0)).toList();
        CheckFailure.of(
                        CONTRACT,
                        OrderedInboxContract.UNSUPPORTED_VERSION_BLOCKS,
                        "delivered A1 (version 1), then A2 and A3 of version 2, which no inbox supports, and applied"
                                + " what was ready, again after a restart",
                        "block an event whose version the inbox cannot read (keep it, with the reason), stop its flow"
                                + " there, and leave skipping it to a person.")
                .expect(appliedOnce(run, "applied up to the blocked event", List.of(A1))
                        .check())
                .expect(inSequence(run).check())
                .expectNot(
                        !blockedIds.contains("A2"),
                        "A2 is not blocked",
                        "blocked events: " + (blockedIds.isEmpty() ? "none" : String.join(", ", blockedIds))
                                + ", expected A2 among them")
                .throwIfAny();
    }

    /** A1, B1, A3, B2, B3 arrive (A2 never does): A stops after 1, B applies 1, 2, 3. */
    static void isolation(ContractRun<OrderedInboxAdapter.Inbox> run) throws Exception {
        run.createDatabases();
        try (OrderedInboxAdapter.Inbox inbox = run.start()) {
            InboxArrivals arrivals = new InboxArrivals(inbox);
            for (InboxEvent event : List.of(A1, B1, A3, B2, B3)) {
                arrivals.arrive(event);
            }
        }
        CheckFailure.of(
                        CONTRACT,
                        OrderedInboxContract.FLOWS_ISOLATED,
                        "delivered A1, B1, A3, B2, B3 (A2 never), applying what was ready after each arrival",
                        "track last_seq per flow and apply each flow on its own: a gap waits in its flow only.")
                .expect(appliedOnce(run, "applied per flow", List.of(A1, B1, B2, B3))
                        .check())
                .expect(inSequence(run).check())
                .throwIfAny();
    }

    /** A1, then A1 with another payload, then another id at A's step 1: accepted, conflict, conflict; A1 applied once. */
    static void conflicts(ContractRun<OrderedInboxAdapter.Inbox> run) throws Exception {
        InboxEvent otherBody = new InboxEvent("A1", "A", 1, 1, "changed");
        InboxEvent otherId = new InboxEvent("A1-bis", "A", 1, 1, STANDARD);
        run.createDatabases();
        Received first;
        List<String> conflicts = new ArrayList<>();
        try (OrderedInboxAdapter.Inbox inbox = run.start()) {
            InboxArrivals arrivals = new InboxArrivals(inbox);
            first = arrivals.arrive(A1);
            for (InboxEvent conflicting : List.of(otherBody, otherId)) {
                try {
                    conflicts.add(arrivals.arrive(conflicting).name());
                } catch (Exception refused) { // a rejected insert is a refusal too, never a success
                    conflicts.add(Received.CONFLICT.name());
                }
            }
        }
        try (OrderedInboxAdapter.Inbox restarted = run.start()) {
            restarted.applyReady();
        }
        CheckFailure.of(
                        CONTRACT,
                        OrderedInboxContract.CONFLICTS_REJECTED,
                        "delivered A1, then A1 with payload \"changed\", then A1-bis at step 1 of flow A, and applied"
                                + " what was ready, again after a restart",
                        "compare the stored body of a known id, and the id stored at (flow, seq), and reject a"
                                + " difference as a conflict, writing nothing.")
                .expect("A1 answered", first, Received.ACCEPTED)
                .expect(
                        "the conflicting events answered (a thrown refusal counts as CONFLICT)",
                        conflicts,
                        List.of(Received.CONFLICT.name(), Received.CONFLICT.name()))
                .expect(appliedOnce(run, "applied once", List.of(A1)).check())
                .throwIfAny();
    }

    /** A1 arrives and dies at the case's boundary; the transport redelivers it to a fresh process: applied once. */
    static void crashThenRedeliver(ContractRun<OrderedInboxAdapter.Inbox> run, CrashScenario scenario)
            throws Exception {
        run.createDatabases(scenario);
        try (OrderedInboxAdapter.Inbox inbox = run.start()) {
            InboxArrivals arrivals = new InboxArrivals(inbox);
            scenario.run(() -> arrivals.arrive(A1)); // dies at the boundary
        }
        scenario.restart(
                () -> { // the transport got no ack: it delivers A1 again
                    try (OrderedInboxAdapter.Inbox restarted = run.start()) {
                        new InboxArrivals(restarted).arrive(A1);
                    }
                });
        scenario.assertHolds(appliedOnce(run, "A1 applied once", List.of(A1)), inSequence(run));
    }

    /** The ordered delivery of A1, A2, A3 through {@link InboxArrivals}, with the answers observed. */
    private static DeliveryResult deliver(ContractRun<OrderedInboxAdapter.Inbox> run, DeliveryScenario scenario)
            throws Exception {
        run.createDatabases();
        DeliveryResult result;
        try (OrderedInboxAdapter.Inbox inbox = run.start()) {
            InboxArrivals arrivals = new InboxArrivals(inbox);
            result = scenario.deliver(
                    () -> { // captured, then released in the case's order
                        for (InboxEvent event : FLOW_A) {
                            arrivals.arrive(event);
                        }
                    });
        }
        scenario.observe("answers", String.join(",", answers(result)));
        return result;
    }

    private static List<String> answers(DeliveryResult result) {
        return result.returnValues().stream().map(String::valueOf).collect(Collectors.toList());
    }

    private static List<String> expectedAnswers(List<String> delivered) {
        Set<String> seen = new HashSet<>();
        List<String> expected = new ArrayList<>();
        for (String id : delivered) {
            expected.add((seen.add(id) ? Received.ACCEPTED : Received.DUPLICATE).name());
        }
        return expected;
    }

    /** Exactly these events applied, each once (another event applied once is left to {@link #inSequence}). */
    static Invariant appliedOnce(ContractRun<OrderedInboxAdapter.Inbox> run, String name, List<InboxEvent> events) {
        Query applied = ((OrderedInboxAdapter) run.adapter()).applied();
        List<List<String>> keys = events.stream()
                .map(event -> List.of(event.flow(), String.valueOf(event.seq())))
                .toList();
        return keys.isEmpty()
                ? Invariants.noRows(
                        name,
                        run.source(applied, "applied"),
                        applied.sql(),
                        "nothing is applied before the first event of the flow arrives")
                : Invariants.exactlyOncePerKey(name)
                        .intentsFrom(run.source(applied, "applied"), DurableRows.constant(keys))
                        .effectsFrom(run.source(applied, "applied"), applied.sql());
    }

    /** Per flow, the applied events in application order are 1..k. */
    static Invariant inSequence(ContractRun<OrderedInboxAdapter.Inbox> run) {
        Query applied = ((OrderedInboxAdapter) run.adapter()).applied();
        return Invariants.contiguousPrefixPerFlow("applied in sequence per flow")
                .appliedFrom(run.source(applied, "applied"), applied.sql());
    }
}
