package com.example.orders;

import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.db.DataAccessException;
import com.example.orders.db.Database;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderServiceTest {

    @TempDir
    Path dir;

    private Path orderFile;
    private OrderService orders;

    @BeforeEach
    void openOrderDatabase() {
        orderFile = dir.resolve("orders.db");
        orders = new OrderService(Database.sqlite(orderFile), Days.clockOn(Days.DAY_ONE));
    }

    @Test
    void placeOrderStoresTheOrderAndItsPlacedMessage() {
        assertThat(orders.placeOrder("o-1", "alice", 1250)).isEqualTo(PlaceOutcome.PLACED);

        assertThat(rows(orderFile, "SELECT order_id, customer, amount_cents, status FROM orders"))
                .containsExactly(row("o-1", "alice", 1250, "PLACED"));
        assertThat(rows(
                        orderFile,
                        "SELECT message_id, order_id, step_seq, customer, amount_cents, dedup_epoch,"
                                + " published_at FROM outbox_message"))
                .containsExactly(row("o-1:placed", "o-1", 1, "alice", 1250, 20000, null));
    }

    @Test
    void placingTheSameOrderAgainChangesNothing() {
        orders.placeOrder("o-1", "alice", 1250);

        assertThat(orders.placeOrder("o-1", "alice", 1250)).isEqualTo(PlaceOutcome.ALREADY_PLACED);

        assertThat(count(orderFile, "orders")).isEqualTo(1);
        assertThat(count(orderFile, "outbox_message")).isEqualTo(1);
    }

    @Test
    void theSameOrderIdWithOtherDataIsAConflict() {
        orders.placeOrder("o-1", "alice", 1250);

        assertThat(orders.placeOrder("o-1", "alice", 999)).isEqualTo(PlaceOutcome.CONFLICT);
        assertThat(orders.placeOrder("o-1", "bob", 1250)).isEqualTo(PlaceOutcome.CONFLICT);

        assertThat(rows(orderFile, "SELECT order_id, customer, amount_cents, status FROM orders"))
                .containsExactly(row("o-1", "alice", 1250, "PLACED"));
        assertThat(count(orderFile, "outbox_message")).isEqualTo(1);
    }

    @Test
    void payAndShipAddTheirMessagesWithStepSequenceNumbers() {
        orders.placeOrder("o-1", "alice", 1250);

        assertThat(orders.pay("o-1")).isEqualTo(StepOutcome.ADVANCED);
        assertThat(orders.ship("o-1")).isEqualTo(StepOutcome.ADVANCED);

        assertThat(rows(orderFile, "SELECT status FROM orders WHERE order_id = ?", "o-1"))
                .containsExactly(row("SHIPPED"));
        assertThat(rows(
                        orderFile,
                        "SELECT message_id, step_seq, customer, amount_cents FROM outbox_message ORDER BY position"))
                .containsExactly(
                        row("o-1:placed", 1, "alice", 1250),
                        row("o-1:paid", 2, "alice", 1250),
                        row("o-1:shipped", 3, "alice", 1250));
    }

    @Test
    void stepsOutOfTurnChangeNothing() {
        orders.placeOrder("o-1", "alice", 1250);

        assertThat(orders.ship("o-1")).isEqualTo(StepOutcome.NOT_ALLOWED_YET);
        assertThat(orders.pay("o-2")).isEqualTo(StepOutcome.UNKNOWN_ORDER);
        assertThat(orders.pay("o-1")).isEqualTo(StepOutcome.ADVANCED);
        assertThat(orders.pay("o-1")).isEqualTo(StepOutcome.ALREADY_DONE);

        assertThat(rows(orderFile, "SELECT order_id, status FROM orders")).containsExactly(row("o-1", "PAID"));
        assertThat(rows(orderFile, "SELECT message_id FROM outbox_message ORDER BY position"))
                .containsExactly(row("o-1:placed"), row("o-1:paid"));
    }

    @Test
    void aFailingOutboxInsertLeavesNoOrderBehind() {
        SqliteFiles.execute(
                orderFile,
                "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox_message"
                        + " BEGIN SELECT RAISE(ABORT, 'outbox insert rejected by the test'); END");

        assertThatThrownBy(() -> orders.placeOrder("o-1", "alice", 1250))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("could not place order o-1 in " + orderFile.toAbsolutePath())
                .hasMessageContaining("outbox insert rejected by the test");
        assertThat(count(orderFile, "orders")).isZero();
        assertThat(count(orderFile, "outbox_message")).isZero();

        SqliteFiles.execute(orderFile, "DROP TRIGGER reject_outbox");
        assertThat(orders.placeOrder("o-1", "alice", 1250)).isEqualTo(PlaceOutcome.PLACED);
        assertThat(count(orderFile, "orders")).isEqualTo(1);
    }

    @Test
    void aFailingOutboxInsertLeavesTheOrderAtItsPreviousStep() {
        orders.placeOrder("o-1", "alice", 1250);
        SqliteFiles.execute(
                orderFile,
                "CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox_message"
                        + " BEGIN SELECT RAISE(ABORT, 'outbox insert rejected by the test'); END");

        assertThatThrownBy(() -> orders.pay("o-1")).isInstanceOf(DataAccessException.class);

        assertThat(rows(orderFile, "SELECT status FROM orders")).containsExactly(row("PLACED"));
        assertThat(rows(orderFile, "SELECT message_id FROM outbox_message")).containsExactly(row("o-1:placed"));
    }

    @Test
    void rejectsInputThatCannotBeAnOrder() {
        assertThatThrownBy(() -> orders.placeOrder(" ", "alice", 1250))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("orderId must be a non-blank text, got ' '");
        assertThatThrownBy(() -> orders.placeOrder("o-1", "alice", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("amountCents must be positive, got 0 for order o-1");
        assertThat(count(orderFile, "orders")).isZero();
    }
}
