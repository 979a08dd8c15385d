package com.example.orders.before;

import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.Days;
import com.example.orders.FailOnce;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "before" relay looks right until a delivery is interrupted; then it loses the message. The fixed
 * {@link OutboxRelay} survives the same interruption.
 */
class MarkFirstOutboxRelayTest {

    private static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);
    private static final String PUBLISHED_AT = "2024-10-04T09:00:00Z";

    @TempDir
    Path dir;

    private Path orderFile;
    private Path shippingFile;
    private Database orderDb;
    private Database shippingDb;

    @BeforeEach
    void placeOneOrder() {
        orderFile = dir.resolve("orders.db");
        shippingFile = dir.resolve("shipping.db");
        orderDb = Database.sqlite(orderFile);
        shippingDb = Database.sqlite(shippingFile);
        new OrderService(orderDb, CLOCK).placeOrder("o-1", "alice", 1250);
    }

    @Test
    void withoutAnInterruptionItDeliversLikeTheFixedRelay() {
        assertThat(new MarkFirstOutboxRelay(orderDb, new ShippingConsumer(shippingDb), CLOCK).publishPending())
                .isEqualTo(1);

        assertThat(rows(orderFile, "SELECT published_at FROM outbox_message")).containsExactly(row(PUBLISHED_AT));
        assertThat(rows(shippingFile, "SELECT order_id, status FROM shipment"))
                .containsExactly(row("o-1", "AWAITING_PAYMENT"));
    }

    @Test
    void anInterruptedDeliveryIsMarkedPublishedAndNeverSentAgain() {
        MarkFirstOutboxRelay interrupted =
                new MarkFirstOutboxRelay(orderDb, FailOnce.beforeTheConsumer(new ShippingConsumer(shippingDb)), CLOCK);
        assertThatThrownBy(interrupted::publishPending).isInstanceOf(FailOnce.ConnectionLost.class);

        int resent = new MarkFirstOutboxRelay(orderDb, new ShippingConsumer(shippingDb), CLOCK).publishPending();

        assertThat(resent).isZero();
        assertThat(rows(orderFile, "SELECT message_id, published_at FROM outbox_message"))
                .containsExactly(row("o-1:placed", PUBLISHED_AT));
        assertThat(count(shippingFile, "shipment"))
                .as("shipments for the placed order: the message was lost")
                .isZero();
        assertThat(count(shippingFile, "processed_message")).isZero();
    }

    @Test
    void theFixedRelaySurvivesTheSameInterruption() {
        OutboxRelay interrupted =
                new OutboxRelay(orderDb, FailOnce.beforeTheConsumer(new ShippingConsumer(shippingDb)), CLOCK);
        assertThatThrownBy(interrupted::publishPending).isInstanceOf(FailOnce.ConnectionLost.class);

        int resent = new OutboxRelay(orderDb, new ShippingConsumer(shippingDb), CLOCK).publishPending();

        assertThat(resent).isEqualTo(1);
        assertThat(rows(orderFile, "SELECT message_id, published_at FROM outbox_message"))
                .containsExactly(row("o-1:placed", PUBLISHED_AT));
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
    }
}
