package dev.deliverykit.order;

import static dev.deliverykit.order.Events.A1;
import static dev.deliverykit.order.Events.A2;
import static dev.deliverykit.order.Events.A3;
import static dev.deliverykit.order.Events.inboxA;
import static dev.deliverykit.order.Events.projectionA;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.internal.instrument.DeliveryDispatcher;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs as a whole: one at a time per JVM, nothing intercepted when idle, and composed with a crash boundary. */
class OrderedDeliveryRunsTest {

    @TempDir
    Path dir;

    @Test
    void aSecondRunWhileOneIsActiveIsRefusedAndTheFirstGoesOn() throws Exception {
        Inbox inbox = new Inbox();
        List<Throwable> refused = new ArrayList<>();
        String thread = Thread.currentThread().getName();

        DeliveryResult result = OrderedDelivery.at(Inbox.ACCEPT).run("a", () -> {
            inbox.accept("a");
            try {
                OrderedDelivery.at(Inbox.ACCEPT).run("b", () -> inbox.accept("b"));
            } catch (IllegalStateException e) {
                refused.add(e);
            }
        });

        assertThat(refused)
                .singleElement()
                .extracting(Throwable::getMessage)
                .asString()
                .startsWith("Another ordered-delivery run is active in this JVM (thread " + thread + ", order=a at"
                        + " dev.deliverykit.order.Inbox#accept(java.lang.String)), so order=b at"
                        + " dev.deliverykit.order.Inbox#accept(java.lang.String) was not started.")
                .contains("Fix: ");
        assertThat(result.delivered()).containsExactly("a");
        assertThat(inbox.received()).containsExactly("a");
        // The slot is free again afterwards.
        assertThat(OrderedDelivery.at(Inbox.ACCEPT)
                        .run("c", () -> inbox.accept("c"))
                        .delivered())
                .containsExactly("c");
    }

    @Test
    void outsideARunTheWovenEntryPointRunsItsBodyAndAllocatesNothing() throws Exception {
        Inbox inbox = new Inbox();
        EntryPoint count =
                EntryPoint.method(Inbox.class, "count", Inbox.Parcel.class).messageIdFrom("label");
        OrderedDelivery.at(count).run("p0", () -> inbox.count(new Inbox.Parcel("p0"))); // weaves the advice
        assertThat(DeliveryDispatcher.active).isFalse();
        Inbox idle = new Inbox();
        Inbox.Parcel parcel = new Inbox.Parcel("idle");
        assertThat(idle.count(parcel)).isEqualTo(1); // not captured: the body ran and returned its value

        Tally tally = new Tally();
        OrderedDelivery.at(EntryPoint.method(Tally.class, "add", String.class)).run("t", () -> tally.add("t"));
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < 200_000; i++) {
            tally.add("warm-up"); // let the JIT compile the woven method
        }
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 1_000_000; i++) {
            tally.add("x");
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertThat(tally.total()).isEqualTo(1_200_001);
        // An argument array per call would be at least 16 MB; the measurement itself may allocate a little.
        assertThat(allocated).isLessThan(64 * 1024);
    }

    @Test
    void aCrashBoundaryInsideTheForcedOrderKillsTheReleaseAndTheKeysCombine() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        DeliveryOrder order = DeliveryOrder.parse("A3,A1,A2");
        CrashPlan secondReceive = CrashPlan.at(Selector.methodEntry(OrderedConsumer.class, "receive", Event.class))
                .occurrence(2);

        CrashResult crash = BoundaryEngine.get().crashInProcess(secondReceive, () -> {
            try (OrderedConsumer consumer = new OrderedConsumer(db)) {
                Transport transport = new Transport(consumer);
                OrderedDelivery.at(CaptureAndReleaseTest.TRANSPORT).run(order, () -> {
                    transport.deliver(A1);
                    transport.deliver(A2);
                    transport.deliver(A3);
                });
            }
        });

        // Released A3 was received; the process died entering receive(A1), the second delivery.
        assertThat(inboxA(db)).containsExactly("A3 pending");
        assertThat(projectionA(db)).isEqualTo("(none)");
        String replayKey = crash.replayKey() + ";" + order.replayKey();
        assertThat(replayKey)
                .isEqualTo("selector=method-entry:dev.deliverykit.reference.ordered.OrderedConsumer"
                        + "#receive(dev.deliverykit.reference.ordered.Event);hit=2;order=A3,A1,A2");
        assertThat(DeliveryOrder.fromReplayKey(replayKey)).isEqualTo(order);
        assertThat(DeliveryDispatcher.active).isFalse();

        // Recovery: a fresh consumer on the same file, and the rest delivered in the same order.
        try (OrderedConsumer recovered = new OrderedConsumer(db)) {
            Transport transport = new Transport(recovered);
            DeliveryResult rest = OrderedDelivery.at(CaptureAndReleaseTest.TRANSPORT)
                    .run(order, () -> {
                        transport.deliver(A1);
                        transport.deliver(A2);
                        transport.deliver(A3);
                    });
            assertThat(rest.delivered()).containsExactly("A3", "A1", "A2");
        }
        assertThat(projectionA(db)).isEqualTo("released last_seq=3 held=0");
    }

    /** A woven method called a million times while idle. */
    static final class Tally {
        private long total;

        void add(String id) {
            total++;
        }

        long total() {
            return total;
        }
    }
}
