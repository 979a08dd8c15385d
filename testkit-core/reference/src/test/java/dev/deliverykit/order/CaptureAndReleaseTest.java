package dev.deliverykit.order;

import static dev.deliverykit.order.Events.A1;
import static dev.deliverykit.order.Events.A2;
import static dev.deliverykit.order.Events.A3;
import static dev.deliverykit.order.Events.effectsA;
import static dev.deliverykit.order.Events.inboxA;
import static dev.deliverykit.order.Events.projectionA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.ReceiveOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One sending thread, CAPTURE_AND_RELEASE: the reference consumers of protocols.md section 2 receive the
 * seed's flow A in forced orders, on real SQLite files, while the workload always sends A1, A2, A3.
 */
class CaptureAndReleaseTest {

    static final EntryPoint TRANSPORT =
            EntryPoint.method(Transport.class, "deliver", Event.class).messageIdFrom("eventId()");
    static final EntryPoint ARRIVAL_RECEIVE = EntryPoint.method(
                    "dev.deliverykit.reference.ordered.ArrivalOrderConsumer#receive(dev.deliverykit.reference.ordered.Event)")
            .messageIdFrom("eventId");
    static final EntryPoint ORDERED_RECEIVE =
            EntryPoint.method(OrderedConsumer.class, "receive", Event.class).messageIdFrom("eventId");

    @TempDir
    Path dir;

    static Stream<DeliveryOrder> permutations() {
        return DeliveryOrder.permutationsOf("A1", "A2", "A3").stream();
    }

    @ParameterizedTest(name = "order={0}")
    @MethodSource("permutations")
    void everyPermutationEndsReleasedOnTheOrderedConsumer(DeliveryOrder order) throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        DeliveryResult result;
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            Transport transport = new Transport(consumer);
            result = OrderedDelivery.at(TRANSPORT).run(order, () -> sendA1A2A3(transport));
        }

        assertThat(result.delivered()).isEqualTo(order.ids());
        assertThat(result.arrived()).containsExactly("A1", "A2", "A3");
        assertThat(result.deliveries()).extracting(Delivery::kind).containsOnly(DeliveryKind.RELEASED);
        assertThat(projectionA(db)).isEqualTo("released last_seq=3 held=0");
        assertThat(effectsA(db)).containsExactly("1 reserved", "2 confirmed", "3 released");
        assertThat(inboxA(db)).containsExactly("A1 applied", "A2 applied", "A3 applied");
    }

    @Test
    void onTheArrivalOrderConsumerExactlyThePermutationsNotEndingWithA3EndInTheWrongState() throws Exception {
        Map<String, String> finalState = new LinkedHashMap<>();
        Map<String, List<String>> effects = new LinkedHashMap<>();
        for (DeliveryOrder order : DeliveryOrder.permutationsOf("A1", "A2", "A3")) {
            SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival-" + order + ".db"));
            try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
                DeliveryResult result = OrderedDelivery.at(ARRIVAL_RECEIVE).run(order, () -> {
                    consumer.receive(A1);
                    consumer.receive(A2);
                    consumer.receive(A3);
                });
                assertThat(result.returnValues()).containsOnly(ReceiveOutcome.ACCEPTED);
            }
            finalState.put(order.toString(), projectionA(db));
            effects.put(order.toString(), effectsA(db));
        }

        // The consumer takes whatever arrives last as the flow's state: only a last A3 ends right.
        assertThat(finalState)
                .containsExactly(
                        Map.entry("A1,A2,A3", "released last_seq=3 held=0"),
                        Map.entry("A1,A3,A2", "confirmed last_seq=2 held=3"),
                        Map.entry("A2,A1,A3", "released last_seq=3 held=0"),
                        Map.entry("A2,A3,A1", "reserved last_seq=1 held=3"),
                        Map.entry("A3,A1,A2", "confirmed last_seq=2 held=3"),
                        Map.entry("A3,A2,A1", "reserved last_seq=1 held=3"));
        List<String> wrongFinalState = finalState.entrySet().stream()
                .filter(entry -> !entry.getValue().equals("released last_seq=3 held=0"))
                .map(Map.Entry::getKey)
                .toList();
        assertThat(wrongFinalState).containsExactly("A1,A3,A2", "A2,A3,A1", "A3,A1,A2", "A3,A2,A1");
        // And its effects follow arrival, not sequence: all but the in-order delivery break the applied prefix.
        assertThat(effects.get("A2,A1,A3")).containsExactly("2 confirmed", "1 reserved", "3 released");
        assertThat(effects.entrySet().stream()
                        .filter(entry -> !entry.getValue().equals(List.of("1 reserved", "2 confirmed", "3 released")))
                        .map(Map.Entry::getKey)
                        .toList())
                .containsExactly("A1,A3,A2", "A2,A1,A3", "A2,A3,A1", "A3,A1,A2", "A3,A2,A1");
    }

    @Test
    void theCounterExampleThreeOneTwoThreeEndsConfirmedOnTheArrivalOrderConsumer() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival.db"));
        List<ReceiveOutcome> seenByTheWorkload = new ArrayList<>();
        DeliveryResult result;
        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
            result = OrderedDelivery.at(ARRIVAL_RECEIVE).run("A3,A1,A2,A3", () -> {
                seenByTheWorkload.add(consumer.receive(A1));
                seenByTheWorkload.add(consumer.receive(A2));
                seenByTheWorkload.add(consumer.receive(A3));
                assertThat(projectionA(db)).isEqualTo("(none)"); // captured: nothing has reached the consumer yet
            });
        }

        assertThat(seenByTheWorkload).containsExactly(null, null, null); // the placeholder of a captured call
        assertThat(result.delivered()).containsExactly("A3", "A1", "A2", "A3");
        assertThat(result.deliveries())
                .extracting(Delivery::kind)
                .containsExactly(
                        DeliveryKind.RELEASED, DeliveryKind.RELEASED, DeliveryKind.RELEASED, DeliveryKind.REPEATED);
        assertThat(result.returnValues())
                .containsExactly(
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.DUPLICATE);
        assertThat(result.deliveries())
                .extracting(Delivery::thread)
                .containsOnly(Thread.currentThread().getName());
        assertThat(result.replayKey()).isEqualTo("order=A3,A1,A2,A3");
        // The duplicate A3 is ignored correctly, yet the flow looks confirmed and holding: wrong.
        assertThat(projectionA(db)).isEqualTo("confirmed last_seq=2 held=3");
        assertThat(effectsA(db)).containsExactly("3 released", "1 reserved", "2 confirmed");
    }

    @Test
    void theCounterExampleEndsReleasedOnTheOrderedConsumer() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("ordered.db"));
        DeliveryResult result;
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            result = OrderedDelivery.at(ORDERED_RECEIVE).run("A3,A1,A2,A3", () -> {
                consumer.receive(A1);
                consumer.receive(A2);
                consumer.receive(A3);
            });
            // Drain at the end, once everything was received.
            assertThat(consumer.drain("A", 10)).isEqualTo(new DrainResult.Idle("A", 3));
        }

        assertThat(result.returnValues())
                .containsExactly(
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.DUPLICATE);
        assertThat(projectionA(db)).isEqualTo("released last_seq=3 held=0");
        assertThat(effectsA(db)).containsExactly("1 reserved", "2 confirmed", "3 released");
    }

    @Test
    void omittingA2LeavesTheFlowReservedWithAGap() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        DeliveryResult result;
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            result = OrderedDelivery.at(TRANSPORT).run("A1,A3", () -> sendA1A2A3(new Transport(consumer)));
            assertThat(consumer.drain("A", 10)).isEqualTo(new DrainResult.Gap("A", 0));
        }

        assertThat(result.delivered()).containsExactly("A1", "A3");
        assertThat(result.omitted()).containsExactly("A2");
        assertThat(result.arrived()).containsExactly("A1", "A2", "A3");
        assertThat(projectionA(db)).isEqualTo("reserved last_seq=1 held=3");
        assertThat(inboxA(db)).containsExactly("A1 applied", "A3 pending");
        assertThat(effectsA(db)).containsExactly("1 reserved");
    }

    @Test
    void aDuplicateTheWorkloadSendsItselfIsReleasedAsItsOwnCall() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival.db"));
        DeliveryResult result;
        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
            result = OrderedDelivery.at(ARRIVAL_RECEIVE).run("A3,A1,A2,A3", () -> {
                consumer.receive(A1);
                consumer.receive(A2);
                consumer.receive(A3);
                consumer.receive(A3);
            });
        }

        assertThat(result.deliveries()).extracting(Delivery::kind).containsOnly(DeliveryKind.RELEASED);
        assertThat(result.returnValues())
                .containsExactly(
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.ACCEPTED,
                        ReceiveOutcome.DUPLICATE);
        assertThat(projectionA(db)).isEqualTo("confirmed last_seq=2 held=3");
    }

    @Test
    void aMessageThatNeverArrivesFailsWhenTheWorkloadReturnsAndNothingIsDelivered() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            Transport transport = new Transport(consumer);
            assertThatThrownBy(() -> OrderedDelivery.at(TRANSPORT).run("A1,A2,A3", () -> {
                        transport.deliver(A1);
                        transport.deliver(A3);
                    }))
                    .isInstanceOfSatisfying(OrderNotHonouredError.class, e -> {
                        assertThat(e.reason()).isEqualTo(OrderFailure.NEVER_ARRIVED);
                        assertThat(e.replayKey()).isEqualTo("order=A1,A2,A3");
                        assertThat(e.delivered()).isEmpty();
                    })
                    .hasMessage("Order not honoured: message A2 (position 2 of order=A1,A2,A3) never arrived at"
                            + " dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event): the"
                            + " workload returned without sending it; nothing was delivered (captured calls are"
                            + " released only when every message of the order has arrived).\n"
                            + "Mode: CAPTURE_AND_RELEASE, capturing the calls of one sending thread, released when the"
                            + " workload returned; message id: eventId() of argument 0.\n"
                            + "Arrived: A1, A3. Delivered: none.\n"
                            + "Expected: a call of the entry point whose message id is A2, before the workload returns.\n"
                            + "Fix: make the workload send A2, or drop it from the order.\n"
                            + "Replay: order=A1,A2,A3");
        }
        assertThat(projectionA(db)).isEqualTo("(none)");
        assertThat(inboxA(db)).isEmpty();
    }

    @Test
    void aWorkloadThatNeverCallsTheEntryPointIsToldToCheckTheEntryPoint() {
        assertThatThrownBy(() -> OrderedDelivery.at(TRANSPORT).run("A1", () -> {}))
                .isInstanceOf(OrderNotHonouredError.class)
                .hasMessage("Order not honoured: message A1 (position 1 of order=A1) never arrived at"
                        + " dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event): the"
                        + " workload returned without sending it; nothing was delivered (captured calls are released only"
                        + " when every message of the order has arrived).\n"
                        + "Mode: CAPTURE_AND_RELEASE, capturing the calls of one sending thread, released when the"
                        + " workload returned; message id: eventId() of argument 0.\n"
                        + "Arrived: none. Delivered: none.\n"
                        + "Expected: a call of the entry point whose message id is A1, before the workload returns.\n"
                        + "Fix: make the workload send A1, or drop it from the order. If the workload does call the entry"
                        + " point, check that it names the class that declares the method (not an interface, nor a"
                        + " subclass) and the overload the workload calls.\n"
                        + "Replay: order=A1");
    }

    @Test
    void aMessageArrivingMoreOftenThanListedFailsBeforeAnythingIsDelivered() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            Transport transport = new Transport(consumer);
            assertThatThrownBy(() -> OrderedDelivery.at(TRANSPORT).run("A1,A2,A3", () -> {
                        sendA1A2A3(transport);
                        transport.deliver(A3);
                    }))
                    .isInstanceOfSatisfying(
                            OrderNotHonouredError.class,
                            e -> assertThat(e.reason()).isEqualTo(OrderFailure.ARRIVED_TOO_OFTEN))
                    .hasMessage("Order not honoured: message A3 arrived twice at"
                            + " dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event), but"
                            + " order=A1,A2,A3 lists it once; nothing was delivered.\n"
                            + "Mode: CAPTURE_AND_RELEASE, capturing the calls of one sending thread, released when the"
                            + " workload returned; message id: eventId() of argument 0.\n"
                            + "Arrived: A1, A2, A3, A3. Delivered: none.\n"
                            + "Expected: each listed message to arrive at most as often as the order lists it: the k-th"
                            + " listing of an id releases its k-th arrival (and invokes its last arrival again when"
                            + " fewer arrived).\n"
                            + "Fix: list A3 twice in the order to deliver every arrival, or leave it out of the order to"
                            + " omit all of them.\n"
                            + "Replay: order=A1,A2,A3");
        }
        assertThat(inboxA(db)).isEmpty();
    }

    @Test
    void anUnknownIdFailsBeforeAnythingRuns() {
        List<String> ran = new ArrayList<>();

        assertThatThrownBy(() -> OrderedDelivery.at(TRANSPORT)
                        .expectingMessages("A1", "A2", "A3")
                        .run("A1,A4,A2,A5", () -> ran.add("workload")))
                .isInstanceOfSatisfying(UnknownMessageException.class, e -> {
                    assertThat(e.unknownIds()).containsExactly("A4", "A5");
                    assertThat(e.knownIds()).containsExactly("A1", "A2", "A3");
                })
                .hasMessageStartingWith(
                        "Unknown messages \"A4\", \"A5\" in order=A1,A4,A2,A5: the workload sends"
                                + " only A1, A2, A3 to dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event);")
                .hasMessageContaining("\nFix: correct the order, or add A4, A5 to")
                .hasMessageEndingWith("\nReplay: order=A1,A4,A2,A5");
        assertThat(ran).isEmpty();
    }

    @Test
    void whatTheWorkloadThrowsIsRethrownUnchangedAndNothingIsReleased() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        IllegalStateException failure = new IllegalStateException("the producer is down");
        try (OrderedConsumer consumer = new OrderedConsumer(db)) {
            Transport transport = new Transport(consumer);
            assertThatThrownBy(() -> OrderedDelivery.at(TRANSPORT).run("A1", () -> {
                        transport.deliver(A1);
                        throw failure;
                    }))
                    .isSameAs(failure);
        }
        assertThat(inboxA(db)).isEmpty();
    }

    private static void sendA1A2A3(Transport transport) {
        transport.deliver(A1);
        transport.deliver(A2);
        transport.deliver(A3);
    }
}
