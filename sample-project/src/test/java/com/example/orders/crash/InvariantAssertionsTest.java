package com.example.orders.crash;

import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.Days;
import com.example.orders.FailOnce;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.before.MarkFirstOutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.invariant.ViolationKind;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Invariants without the crash annotations: AssertJ-style assertions in an ordinary test, here after a
 * delivery that a lost connection interrupted.
 */
class InvariantAssertionsTest {

    static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

    @TempDir
    Path dir;

    final JdbcSource orders = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("orders.db")).named("orders.db");
    final JdbcSource shipping = JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("shipping.db")).named("shipping.db");

    final Invariant exactlyOncePerMessage = Invariants.exactlyOncePerKey("exactly once per message")
            .intentsIn(orders, "outbox_message", "message_id")
            .effectsIn(shipping, "applied_step", "message_id");

    @BeforeEach
    void placeAnOrder() {
        new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK).placeOrder("o-1", "alice", 1250);
    }

    // tag::assertions[]
    @Test
    void theFixedRelayResendsAfterALostConnection() {
        ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
        OutboxRelay interrupted = new OutboxRelay(Database.sqlite(dir.resolve("orders.db")),
                FailOnce.beforeTheConsumer(consumer), CLOCK);
        assertThatThrownBy(interrupted::publishPending).isInstanceOf(FailOnce.ConnectionLost.class);

        new OutboxRelay(Database.sqlite(dir.resolve("orders.db")), consumer, CLOCK).publishPending();

        assertThat(exactlyOncePerMessage).holds();
    }

    @Test
    void theMarkFirstRelayLosesTheMessage() {
        ShippingConsumer consumer = new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db")));
        MarkFirstOutboxRelay interrupted = new MarkFirstOutboxRelay(Database.sqlite(dir.resolve("orders.db")),
                FailOnce.beforeTheConsumer(consumer), CLOCK);
        assertThatThrownBy(interrupted::publishPending).isInstanceOf(FailOnce.ConnectionLost.class);

        new MarkFirstOutboxRelay(Database.sqlite(dir.resolve("orders.db")), consumer, CLOCK).publishPending();

        assertThat(exactlyOncePerMessage).isViolated().hasViolation(ViolationKind.LOST_INTENT, "o-1:placed");
    }
    // end::assertions[]
}
