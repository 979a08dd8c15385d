package com.example.orders;

import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay test as a team writes it before DeliveryKit: place an order, relay, look at shipping. It passes
 * for the fixed {@link OutboxRelay} and would pass just as well for the broken
 * {@link com.example.orders.before.MarkFirstOutboxRelay}, because nothing is interrupted. The quick start in
 * docs/quick-start.md turns it into {@link com.example.orders.crash.OrderPipelineCrashSweepTest}.
 */
class PlacedOrderReachesShippingTest {

    private static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

    // tag::plain-test[]
    @TempDir
    Path dir;

    @Test
    void aPlacedOrderReachesShipping() {
        OrderService orders = new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK);
        OutboxRelay relay = new OutboxRelay(
                Database.sqlite(dir.resolve("orders.db")),
                new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                CLOCK);

        orders.placeOrder("o-1", "alice", 1250);
        relay.publishPending();

        assertThat(rows(dir.resolve("shipping.db"), "SELECT order_id, status FROM shipment"))
                .containsExactly(row("o-1", "AWAITING_PAYMENT"));
    }
    // end::plain-test[]
}
