package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Entry points of every shape: placeholders of primitive and reference return types, ids from accessors,
 * fields, readers and other arguments, static methods, bodies that throw, nested calls, unreadable ids
 * and calls that arrive too late.
 */
class EntryPointShapesTest {

    private final Inbox inbox = new Inbox();
    private final List<Object> seenByTheWorkload = new ArrayList<>();

    @Test
    void aSkippedCallReturnsZeroForAPrimitiveOrTheChosenPlaceholder() throws Exception {
        EntryPoint count = EntryPoint.method(Inbox.class, "count", Inbox.Parcel.class).messageIdFrom("label");

        DeliveryResult result = OrderedDelivery.at(count).run("p2,p1", () -> {
            seenByTheWorkload.add(inbox.count(new Inbox.Parcel("p1")));
            seenByTheWorkload.add(inbox.count(new Inbox.Parcel("p2")));
        });
        DeliveryResult withPlaceholder = OrderedDelivery.at(count.returningWhenSkipped(-1)).run("p3",
                () -> seenByTheWorkload.add(inbox.count(new Inbox.Parcel("p3"))));

        assertThat(seenByTheWorkload).containsExactly(0, 0, -1);
        assertThat(result.returnValues()).containsExactly(1, 2);
        assertThat(withPlaceholder.returnValues()).containsExactly(3);
        assertThat(inbox.received()).containsExactly("p2", "p1", "p3");
    }

    @Test
    void theIdMayComeFromAPublicFieldOfAnotherArgumentOrFromAReader() throws Exception {
        EntryPoint file = EntryPoint.method(Inbox.class, "file").messageArgument(1).messageIdFrom("reference");
        EntryPoint stamp = EntryPoint.method("dev.deliverykit.order.Inbox#stamp(dev.deliverykit.order.Inbox$Letter)")
                .messageIdFrom(letter -> ((Inbox.Letter) letter).reference.toUpperCase());
        Inbox.clearStamped();

        DeliveryResult filed = OrderedDelivery.at(file).run("l2,l1", () -> {
            seenByTheWorkload.add(inbox.file("in", new Inbox.Letter("l1")));
            seenByTheWorkload.add(inbox.file("in", new Inbox.Letter("l2")));
        });
        DeliveryResult stamped = OrderedDelivery.at(stamp).run("L2,L1", () -> {
            Inbox.stamp(new Inbox.Letter("l1"));
            Inbox.stamp(new Inbox.Letter("l2"));
        });

        assertThat(seenByTheWorkload).containsExactly(false, false);
        assertThat(filed.returnValues()).containsExactly(true, true);
        assertThat(inbox.received()).containsExactly("in:l2", "in:l1");
        assertThat(stamped.delivered()).containsExactly("L2", "L1");
        assertThat(Inbox.stamped()).containsExactly("l2", "l1");
    }

    @Test
    void aReleasedBodyThatThrowsIsRecordedAndTheNextDeliveriesGoOn() throws Exception {
        DeliveryResult result = OrderedDelivery.at(Inbox.ACCEPT).run("bad1,a", () -> {
            inbox.accept("a");
            inbox.accept("bad1");
        });

        assertThat(result.deliveries()).extracting(Delivery::describe)
                .containsExactly("1:bad1 RELEASED threw java.lang.IllegalArgumentException: rejected bad1",
                        "2:a RELEASED returned ok:a");
        assertThat(result.deliveries().get(0).thrown()).get().isInstanceOf(IllegalArgumentException.class);
        assertThat(inbox.received()).containsExactly("a");
    }

    @Test
    void callsNestedInADeliveredCallRunAsTheyWouldWithoutTheKit() throws Exception {
        DeliveryResult captured = OrderedDelivery.at(Inbox.ACCEPT).run("x+y", () -> inbox.accept("x+y"));
        DeliveryResult held = OrderedDelivery.at(Inbox.ACCEPT).mode(DeliveryMode.HOLD_SENDERS).run("u+v",
                () -> inbox.accept("u+v"));

        assertThat(captured.delivered()).containsExactly("x+y");
        assertThat(held.delivered()).containsExactly("u+v");
        assertThat(inbox.received()).containsExactly("x", "y", "x+y", "u", "v", "u+v");
    }

    @Test
    void anUnreadableIdFailsTheCallAndTheRunEvenIfTheWorkloadSwallowsIt() {
        String thread = Thread.currentThread().getName();
        List<Throwable> caught = new ArrayList<>();

        assertThatThrownBy(() -> OrderedDelivery.at(Inbox.ACCEPT).run("a", () -> {
            inbox.accept("a");
            try {
                inbox.accept(null);
            } catch (AssertionError swallowed) {
                caught.add(swallowed);
            }
        }))
                .isInstanceOfSatisfying(OrderNotHonouredError.class,
                        e -> assertThat(e.reason()).isEqualTo(OrderFailure.ID_UNREADABLE))
                .hasMessage("Order not honoured: the message id of a call of"
                        + " dev.deliverykit.order.Inbox#accept(java.lang.String) on thread " + thread + " could not be"
                        + " read: argument 0 is null.\n"
                        + "Mode: CAPTURE_AND_RELEASE, capturing the calls of one sending thread, released when the"
                        + " workload returned; message id: toString() of argument 0.\n"
                        + "Arrived: a. Delivered: none.\n"
                        + "Expected: toString() of argument 0 to give a non-empty id for every call.\n"
                        + "Fix: choose how the id is read with EntryPoint.messageIdFrom(...) and"
                        + " EntryPoint.messageArgument(...).\n"
                        + "Replay: order=a");
        assertThat(caught).singleElement().isInstanceOf(OrderNotHonouredError.class);
        assertThat(inbox.received()).isEmpty();
    }

    @Test
    void aCallFromAnotherThreadWhileCapturedCallsAreReleasedFailsTheRun() {
        Forwarder forwarder = new Forwarder();
        EntryPoint forward = EntryPoint.method(Forwarder.class, "forward", String.class);

        assertThatThrownBy(() -> OrderedDelivery.at(forward).run("spawn:z", () -> forwarder.forward("spawn:z")))
                .isInstanceOfSatisfying(OrderNotHonouredError.class,
                        e -> assertThat(e.reason()).isEqualTo(OrderFailure.ARRIVED_AFTER_WORKLOAD))
                .hasMessage("Order not honoured: message z arrived at"
                        + " dev.deliverykit.order.Forwarder#forward(java.lang.String) on thread late-sender after the"
                        + " workload returned, while the captured calls were being released; its call was skipped.\n"
                        + "Mode: CAPTURE_AND_RELEASE, capturing the calls of one sending thread, released when the"
                        + " workload returned; message id: toString() of argument 0.\n"
                        + "Arrived: spawn:z, z. Delivered: none. Arrived after the workload returned: z.\n"
                        + "Expected: in CAPTURE_AND_RELEASE mode, every message is sent before the workload returns.\n"
                        + "Fix: join the sending threads inside the workload, or use HOLD_SENDERS mode for several"
                        + " sending threads.\n"
                        + "Replay: order=spawn:z");
        assertThat(forwarder.forwarded()).containsExactly("spawn:z");
    }
}
