package com.example.orders.crash;

import static java.util.stream.Collectors.joining;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.DeliverInOrder;
import dev.deliverykit.junit5.DeliveryScenario;
import dev.deliverykit.order.DeliveryResult;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three messages of one order reach shipping in every order a broker may deliver them, and some of them
 * twice: whatever the arrival order, shipping applies placed, paid, shipped in sequence, each once, and
 * nothing stays parked.
 */
// tag::deliver-in-order-test[]
class ShippingArrivalOrderTest {

    static final Message PLACED = Message.of("o-1", OrderStep.PLACED, "alice", 1250, Days.DAY_ONE);
    static final Message PAID = Message.of("o-1", OrderStep.PAID, "alice", 1250, Days.DAY_ONE);
    static final Message SHIPPED = Message.of("o-1", OrderStep.SHIPPED, "alice", 1250, Days.DAY_ONE);

    @TempDir
    Path dir;

    // tag::invariants[]
    final JdbcSource shipping =
            JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    @CheckInvariant
    final Invariant stepsInSequence = Invariants.contiguousPrefixPerFlow("steps applied in sequence per order")
            .appliedIn(shipping, "applied_step")
            .flowColumn("order_id")
            .sequenceColumn("step_seq")
            .appliedInOrderOf("applied_order");

    @CheckInvariant
    final Invariant nothingLeftParked = Invariants.noRows(
            "nothing left parked",
            shipping,
            "SELECT message_id FROM parked_message",
            "a parked step is applied as soon as its predecessor arrives");
    // end::invariants[]

    // tag::deliver-in-order[]
    @DeliverInOrder(
            entryPoint = "com.example.orders.shipping.ShippingConsumer#handle(com.example.orders.Message)",
            messageId = "messageId",
            permutationsOf = {"o-1:placed", "o-1:paid", "o-1:shipped"},
            orders = {
                "o-1:shipped,o-1:placed,o-1:shipped,o-1:paid,o-1:placed",
                "o-1:paid,o-1:paid,o-1:shipped,o-1:placed,o-1:shipped"
            })
    void everyArrivalOrderShipsTheOrderOnce(DeliveryScenario scenario) throws Exception {
        ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));

        DeliveryResult result = scenario.deliver(
                () -> { // captured, then released in this case's order
                    consumer.handle(PLACED);
                    consumer.handle(PAID);
                    consumer.handle(SHIPPED);
                });

        scenario.observe(
                "answers", result.returnValues().stream().map(String::valueOf).collect(joining(",")));
        assertThat(result.returnValues())
                .as("what shipping answered, in arrival order")
                .allMatch(answer -> ((HandleOutcome) answer).isDelivered());
    }
    // end::deliver-in-order[]
}
// end::deliver-in-order-test[]
