package dev.deliverykit.order;

import static dev.deliverykit.order.Events.effectsA;
import static dev.deliverykit.order.Events.inboxA;
import static dev.deliverykit.order.Events.projectionA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.ArrivalOrderConsumer;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.ReceiveOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several sending threads, HOLD_SENDERS: each sender thread opens its own consumer on the same SQLite file
 * and sends one event; the kit holds each at the entry point until its turn.
 */
class HoldSendersTest {

    private static final Duration SHORT = Duration.ofMillis(300);

    @TempDir
    Path dir;

    private final Senders senders = new Senders();

    @Test
    void threeRacingSendersArriveAtTheArrivalOrderConsumerInEveryForcedOrder() throws Exception {
        for (DeliveryOrder order : DeliveryOrder.permutationsOf("A1", "A2", "A3")) {
            SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival-" + order + ".db"));
            DeliveryResult result = holding(CaptureAndReleaseTest.ARRIVAL_RECEIVE).run(order,
                    () -> senders.sendConcurrently(List.of("A1", "A2", "A3"), id -> {
                        try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
                            consumer.receive(Events.byId(id));
                        }
                    }));

            assertThat(senders.failures()).isEmpty();
            assertThat(result.delivered()).isEqualTo(order.ids());
            assertThat(result.arrived()).containsExactlyInAnyOrder("A1", "A2", "A3");
            assertThat(result.deliveries()).extracting(Delivery::thread)
                    .isEqualTo(order.ids().stream().map(id -> "sender-" + id).toList());
            assertThat(result.deliveries()).extracting(Delivery::kind).containsOnly(DeliveryKind.ADMITTED);
            assertThat(result.returnValues()).containsOnly(ReceiveOutcome.ACCEPTED);
            // This consumer applies on arrival, so its effect log is the arrival order the kit forced.
            assertThat(effectsA(db)).isEqualTo(order.ids().stream()
                    .map(id -> Events.byId(id).seq() + " " + Events.byId(id).kind()).toList());
        }
    }

    @Test
    void threeSendersThroughTheirOwnTransportsEndReleasedOnTheOrderedConsumer() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));

        DeliveryResult result = holding(CaptureAndReleaseTest.TRANSPORT).run("A3,A1,A2",
                () -> senders.sendConcurrently(List.of("A1", "A2", "A3"), id -> {
                    try (OrderedConsumer consumer = new OrderedConsumer(db)) {
                        new Transport(consumer).deliver(Events.byId(id));
                    }
                }));

        assertThat(senders.failures()).isEmpty();
        assertThat(result.delivered()).containsExactly("A3", "A1", "A2");
        assertThat(result.deliveries()).extracting(Delivery::outcome).allMatch(CallOutcome.Returned.class::isInstance);
        assertThat(projectionA(db)).isEqualTo("released last_seq=3 held=0");
        assertThat(effectsA(db)).containsExactly("1 reserved", "2 confirmed", "3 released");
        assertThat(inboxA(db)).containsExactly("A1 applied", "A2 applied", "A3 applied");
    }

    @Test
    void aDuplicateInTheOrderIsALaterSenderWithTheSameId() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("arrival.db"));

        DeliveryResult result = holding(CaptureAndReleaseTest.ARRIVAL_RECEIVE).run("A3,A1,A2,A3",
                () -> senders.sendConcurrently(List.of("A1", "A2", "A3", "A3"), id -> {
                    try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(db)) {
                        consumer.receive(Events.byId(id));
                    }
                }));

        assertThat(senders.failures()).isEmpty();
        assertThat(result.delivered()).containsExactly("A3", "A1", "A2", "A3");
        assertThat(result.returnValues()).containsExactly(
                ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.ACCEPTED, ReceiveOutcome.DUPLICATE);
        assertThat(projectionA(db)).isEqualTo("confirmed last_seq=2 held=3");
        assertThat(effectsA(db)).containsExactly("3 released", "1 reserved", "2 confirmed");
    }

    @Test
    void anOmittedMessageReturnsAtOnceWithoutReachingTheConsumer() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));

        DeliveryResult result = holding(CaptureAndReleaseTest.TRANSPORT).run("A1,A3",
                () -> senders.sendConcurrently(List.of("A1", "A2", "A3"), id -> {
                    try (OrderedConsumer consumer = new OrderedConsumer(db)) {
                        new Transport(consumer).deliver(Events.byId(id));
                    }
                }));

        assertThat(senders.failures()).isEmpty();
        assertThat(result.delivered()).containsExactly("A1", "A3");
        assertThat(result.omitted()).containsExactly("A2");
        assertThat(projectionA(db)).isEqualTo("reserved last_seq=1 held=3");
        assertThat(inboxA(db)).containsExactly("A1 applied", "A3 pending");
    }

    @Test
    void aMessageThatNeverArrivesFailsTheHeldSenderAndTheRunWithinTheTimeout() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        String expected = "Order not honoured: message A2 (position 2 of order=A1,A2,A3) never arrived at"
                + " dev.deliverykit.order.Transport#deliver(dev.deliverykit.reference.ordered.Event) within the"
                + " timeout of 300 ms.\n"
                + "Mode: HOLD_SENDERS, holding several sending threads until their turn; message id: eventId() of"
                + " argument 0.\n"
                + "Arrived: A1, A3. Delivered: A1. Held at the entry point: A3 (thread sender-A3).\n"
                + "Expected: a call of the entry point whose message id is A2.\n"
                + "Fix: make the workload send A2, drop it from the order, or raise the timeout with"
                + " OrderedDelivery.timeout(...) if its sender is slow. If a held thread is the one that would send A2"
                + " next, holding cannot honour this order (a held thread cannot send): send from one thread in"
                + " CAPTURE_AND_RELEASE mode.\n"
                + "Replay: order=A1,A2,A3";
        Senders.Send deliver = id -> {
            try (OrderedConsumer consumer = new OrderedConsumer(db)) {
                new Transport(consumer).deliver(Events.byId(id));
            }
        };

        assertThatThrownBy(() -> holding(CaptureAndReleaseTest.TRANSPORT).timeout(SHORT).run("A1,A2,A3", () -> {
            senders.sendAlone("sender-A1", "A1", deliver);
            senders.sendAlone("sender-A3", "A3", deliver);
        }))
                .isInstanceOfSatisfying(OrderNotHonouredError.class, e -> {
                    assertThat(e.reason()).isEqualTo(OrderFailure.NEVER_ARRIVED);
                    assertThat(e.delivered()).containsExactly("A1");
                })
                .hasMessage(expected);
        // The held sender got the same failure from its call, and its message never reached the consumer.
        assertThat(senders.failures()).containsOnlyKeys("sender-A3");
        assertThat(senders.failures().get("sender-A3")).isInstanceOf(OrderNotHonouredError.class).hasMessage(expected);
        assertThat(inboxA(db)).containsExactly("A1 applied");
        assertThat(projectionA(db)).isEqualTo("reserved last_seq=1 held=3");
    }

    @Test
    void oneThreadSendingAgainstTheForcedOrderIsADeadlockReportedWithinTheTimeout() {
        Inbox inbox = new Inbox();
        String thread = Thread.currentThread().getName();

        assertThatThrownBy(() -> holding(Inbox.ACCEPT).timeout(SHORT).run("b,a", () -> {
            inbox.accept("a"); // held until b's turn, but b would be sent by this very thread
            inbox.accept("b");
        }))
                .isInstanceOfSatisfying(OrderNotHonouredError.class,
                        e -> assertThat(e.reason()).isEqualTo(OrderFailure.NEVER_ARRIVED))
                .hasMessage("Order not honoured: message b (position 1 of order=b,a) never arrived at"
                        + " dev.deliverykit.order.Inbox#accept(java.lang.String) within the timeout of 300 ms.\n"
                        + "Mode: HOLD_SENDERS, holding several sending threads until their turn; message id:"
                        + " toString() of argument 0.\n"
                        + "Arrived: a. Delivered: none. Held at the entry point: a (thread " + thread + ").\n"
                        + "Expected: a call of the entry point whose message id is b.\n"
                        + "Fix: make the workload send b, drop it from the order, or raise the timeout with"
                        + " OrderedDelivery.timeout(...) if its sender is slow. If a held thread is the one that would"
                        + " send b next, holding cannot honour this order (a held thread cannot send): send from one"
                        + " thread in CAPTURE_AND_RELEASE mode.\n"
                        + "Replay: order=b,a");
        assertThat(inbox.received()).isEmpty();
    }

    @Test
    void aHeldSenderInASynchronizedEntryPointKeepsItsMonitorAndTheMessageSaysSo() {
        Turnstile turnstile = new Turnstile();

        assertThatThrownBy(() -> holding(EntryPoint.method(Turnstile.class, "enter", String.class)).timeout(SHORT)
                .run("b,a", () -> {
                    turnstile.enter("a");
                    turnstile.enter("b");
                }))
                .isInstanceOf(OrderNotHonouredError.class)
                .hasMessage("Order not honoured: message b (position 1 of order=b,a) never arrived at"
                        + " dev.deliverykit.order.HoldSendersTest$Turnstile#enter(java.lang.String) within the timeout of"
                        + " 300 ms.\n"
                        + "Mode: HOLD_SENDERS, holding several sending threads until their turn; message id: toString()"
                        + " of argument 0.\n"
                        + "Arrived: a. Delivered: none. Held at the entry point: a (thread main).\n"
                        + "Expected: a call of the entry point whose message id is b.\n"
                        + "Fix: make the workload send b, drop it from the order, or raise the timeout with"
                        + " OrderedDelivery.timeout(...) if its sender is slow. If a held thread is the one that would"
                        + " send b next, holding cannot honour this order (a held thread cannot send): send from one"
                        + " thread in CAPTURE_AND_RELEASE mode. The entry point is a synchronized method: a held sender"
                        + " keeps the receiver's monitor, so a sender on the same object cannot arrive; name an"
                        + " unsynchronized caller as the entry point, or give each sender its own receiver.\n"
                        + "Replay: order=b,a");
        assertThat(turnstile.entered()).isZero();
    }

    /** A receiver whose entry point is synchronized. */
    static final class Turnstile {
        private int entered;

        synchronized void enter(String id) {
            entered++;
        }

        synchronized int entered() {
            return entered;
        }
    }

    @Test
    void aSecondArrivalOfAnIdTheOrderListsOnceFailsAtOnce() {
        Inbox inbox = new Inbox();

        assertThatThrownBy(() -> holding(Inbox.ACCEPT).run("a,b", () -> {
            senders.sendAlone("sender-a-1", "a", inbox::accept);
            senders.sendAlone("sender-a-2", "a", inbox::accept);
        }))
                .isInstanceOfSatisfying(OrderNotHonouredError.class,
                        e -> assertThat(e.reason()).isEqualTo(OrderFailure.ARRIVED_TOO_OFTEN))
                .hasMessage("Order not honoured: message a arrived twice at"
                        + " dev.deliverykit.order.Inbox#accept(java.lang.String) (the last time on thread sender-a-2),"
                        + " but order=a,b lists it once.\n"
                        + "Mode: HOLD_SENDERS, holding several sending threads until their turn; message id:"
                        + " toString() of argument 0.\n"
                        + "Arrived: a, a. Delivered: a.\n"
                        + "Expected: each listed message to arrive at most as often as the order lists it: the k-th"
                        + " arrival of an id takes its k-th place in the order.\n"
                        + "Fix: list a twice in the order to deliver every arrival, or leave it out of the order to"
                        + " omit all of them.\n"
                        + "Replay: order=a,b");
        assertThat(inbox.received()).containsExactly("a");
        assertThat(senders.failures()).containsOnlyKeys("sender-a-2");
    }

    @Test
    void aDeliveredCallThatDoesNotReturnStallsTheRunWithinTheTimeout() throws Exception {
        Valve valve = new Valve();
        EntryPoint pass = EntryPoint.method(Valve.class, "pass", String.class);

        assertThatThrownBy(() -> holding(pass).timeout(SHORT).run("v1,v2", () -> {
            Thread first = senders.start("sender-v1", "v1", valve::pass);
            valve.entered.await();
            senders.sendAlone("sender-v2", "v2", valve::pass); // held behind v1, then failed by the timeout
            valve.open.countDown();
            senders.join(first);
        }))
                .isInstanceOfSatisfying(OrderNotHonouredError.class,
                        e -> assertThat(e.reason()).isEqualTo(OrderFailure.STALLED))
                .hasMessage("Order not honoured: the call for message v1 (position 1 of order=v1,v2) on thread"
                        + " sender-v1 did not return within the timeout of 300 ms, so message v2 (position 2 of"
                        + " order=v1,v2) could not follow.\n"
                        + "Mode: HOLD_SENDERS, holding several sending threads until their turn; message id:"
                        + " toString() of argument 0.\n"
                        + "Arrived: v1, v2. Delivered: none. Held at the entry point: v2 (thread sender-v2).\n"
                        + "Expected: every delivered call to return within the timeout.\n"
                        + "Fix: find what the call waits for (a lock, a latch, or a sender the kit holds), or raise the"
                        + " timeout with OrderedDelivery.timeout(...).\n"
                        + "Replay: order=v1,v2");
        assertThat(senders.failures()).containsOnlyKeys("sender-v2");
        assertThat(senders.failures().get("sender-v2")).isInstanceOf(OrderNotHonouredError.class);
    }

    private static OrderedDelivery holding(EntryPoint entryPoint) {
        return OrderedDelivery.at(entryPoint).mode(DeliveryMode.HOLD_SENDERS);
    }
}
