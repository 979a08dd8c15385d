package com.example.orders;

import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.Recording.Delivery;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order service, the relay and the shipping consumer together, on two real database files. */
class OrderFlowTest {

    private static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);
    private static final String PUBLISHED_AT = "2024-10-04T09:00:00Z";

    @TempDir
    Path dir;

    private Path orderFile;
    private Path shippingFile;
    private Database orderDb;
    private Database shippingDb;

    @BeforeEach
    void openDatabases() {
        orderFile = dir.resolve("orders.db");
        shippingFile = dir.resolve("shipping.db");
        orderDb = Database.sqlite(orderFile);
        shippingDb = Database.sqlite(shippingFile);
    }

    @Test
    void placedPaidAndShippedOrderEndsAsOneShippedShipment() {
        OrderService orders = new OrderService(orderDb, CLOCK);
        orders.placeOrder("o-1", "alice", 1250);
        orders.pay("o-1");
        orders.ship("o-1");

        OutboxRelay relay = new OutboxRelay(orderDb, new ShippingConsumer(shippingDb), CLOCK);
        assertThat(relay.publishPending()).isEqualTo(3);
        assertThat(relay.publishPending()).isZero();

        assertThat(rows(orderFile, "SELECT message_id, published_at FROM outbox_message ORDER BY position"))
                .containsExactly(
                        row("o-1:placed", PUBLISHED_AT),
                        row("o-1:paid", PUBLISHED_AT),
                        row("o-1:shipped", PUBLISHED_AT));
        assertThat(rows(shippingFile, "SELECT order_id, customer, amount_cents, status FROM shipment"))
                .containsExactly(row("o-1", "alice", 1250, "SHIPPED"));
        assertThat(rows(shippingFile, "SELECT order_id, last_step, status FROM order_progress"))
                .containsExactly(row("o-1", 3, "SHIPPED"));
        assertThat(
                        rows(
                                shippingFile,
                                "SELECT applied_order, order_id, step_seq, message_id FROM applied_step ORDER BY applied_order"))
                .containsExactly(
                        row(1, "o-1", 1, "o-1:placed"), row(2, "o-1", 2, "o-1:paid"), row(3, "o-1", 3, "o-1:shipped"));
        assertThat(rows(shippingFile, "SELECT message_id, dedup_epoch FROM processed_message ORDER BY step_seq"))
                .containsExactly(row("o-1:placed", 20000), row("o-1:paid", 20000), row("o-1:shipped", 20000));
    }

    @Test
    void aLostAnswerIsResentAndTheConsumerDropsTheDuplicate() {
        new OrderService(orderDb, CLOCK).placeOrder("o-1", "alice", 1250);

        OutboxRelay firstRelay =
                new OutboxRelay(orderDb, FailOnce.afterTheConsumer(new ShippingConsumer(shippingDb)), CLOCK);
        assertThatThrownBy(firstRelay::publishPending)
                .isInstanceOf(FailOnce.ConnectionLost.class)
                .hasMessage("answer for o-1:placed lost after the consumer committed (simulated)");
        assertThat(rows(orderFile, "SELECT published_at FROM outbox_message")).containsExactly(row((Object) null));
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);

        Recording shipping = new Recording(new ShippingConsumer(shippingDb));
        assertThat(new OutboxRelay(orderDb, shipping, CLOCK).publishPending()).isEqualTo(1);

        assertThat(shipping.deliveries()).containsExactly(new Delivery("o-1:placed", HandleOutcome.DUPLICATE));
        assertThat(rows(orderFile, "SELECT published_at FROM outbox_message")).containsExactly(row(PUBLISHED_AT));
        assertThat(rows(shippingFile, "SELECT order_id, status FROM shipment"))
                .containsExactly(row("o-1", "AWAITING_PAYMENT"));
        assertThat(count(shippingFile, "applied_step")).isEqualTo(1);
    }

    @Test
    void aDeliveryThatNeverArrivedIsResent() {
        new OrderService(orderDb, CLOCK).placeOrder("o-1", "alice", 1250);

        OutboxRelay firstRelay =
                new OutboxRelay(orderDb, FailOnce.beforeTheConsumer(new ShippingConsumer(shippingDb)), CLOCK);
        assertThatThrownBy(firstRelay::publishPending).isInstanceOf(FailOnce.ConnectionLost.class);
        assertThat(count(shippingFile, "shipment")).isZero();

        Recording shipping = new Recording(new ShippingConsumer(shippingDb));
        assertThat(new OutboxRelay(orderDb, shipping, CLOCK).publishPending()).isEqualTo(1);

        assertThat(shipping.deliveries()).containsExactly(new Delivery("o-1:placed", HandleOutcome.APPLIED));
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
        assertThat(rows(orderFile, "SELECT published_at FROM outbox_message")).containsExactly(row(PUBLISHED_AT));
    }

    @Test
    void aConflictingMessageStopsTheRelayAndStaysUnpublished() {
        Path otherShopFile = dir.resolve("other-shop-orders.db");
        Database otherShopDb = Database.sqlite(otherShopFile);
        new OrderService(orderDb, CLOCK).placeOrder("o-1", "alice", 1250);
        new OrderService(otherShopDb, CLOCK).placeOrder("o-1", "bob", 999);
        new OrderService(otherShopDb, CLOCK).placeOrder("o-2", "carol", 500);
        new OutboxRelay(orderDb, new ShippingConsumer(shippingDb), CLOCK).publishPending();

        OutboxRelay otherShopRelay = new OutboxRelay(otherShopDb, new ShippingConsumer(shippingDb), CLOCK);

        assertThatThrownBy(otherShopRelay::publishPending)
                .isInstanceOfSatisfying(MessageRejectedException.class, e -> {
                    assertThat(e.outcome()).isEqualTo(HandleOutcome.CONFLICT);
                    assertThat(e.message().messageId()).isEqualTo("o-1:placed");
                    assertThat(e.publishedBefore()).isZero();
                })
                .hasMessageStartingWith("the consumer answered CONFLICT for message o-1:placed");
        assertThat(rows(otherShopFile, "SELECT message_id, published_at FROM outbox_message ORDER BY position"))
                .containsExactly(row("o-1:placed", null), row("o-2:placed", null));
        assertThat(rows(shippingFile, "SELECT order_id, customer, amount_cents FROM shipment"))
                .containsExactly(row("o-1", "alice", 1250));
    }
}
