package com.example.orders.shipping;

import static com.example.orders.HandleOutcome.APPLIED;
import static com.example.orders.HandleOutcome.CONFLICT;
import static com.example.orders.HandleOutcome.DUPLICATE;
import static com.example.orders.HandleOutcome.PARKED;
import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.Days;
import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.SqliteFiles;
import com.example.orders.db.DataAccessException;
import com.example.orders.db.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShippingConsumerTest {

    private static final Message PLACED = Message.of("o-1", OrderStep.PLACED, "alice", 1250, Days.DAY_ONE);
    private static final Message PAID = Message.of("o-1", OrderStep.PAID, "alice", 1250, Days.DAY_ONE);
    private static final Message SHIPPED = Message.of("o-1", OrderStep.SHIPPED, "alice", 1250, Days.DAY_ONE);

    @TempDir
    Path dir;

    private Path shippingFile;
    private ShippingConsumer shipping;

    @BeforeEach
    void openShippingDatabase() {
        shippingFile = dir.resolve("shipping.db");
        shipping = new ShippingConsumer(Database.sqlite(shippingFile));
    }

    static Stream<Arguments> everyArrivalOrder() {
        return Stream.of(
                Arguments.of(List.of(PLACED, PAID, SHIPPED), List.of(APPLIED, APPLIED, APPLIED)),
                Arguments.of(List.of(PLACED, SHIPPED, PAID), List.of(APPLIED, PARKED, APPLIED)),
                Arguments.of(List.of(PAID, PLACED, SHIPPED), List.of(PARKED, APPLIED, APPLIED)),
                Arguments.of(List.of(PAID, SHIPPED, PLACED), List.of(PARKED, PARKED, APPLIED)),
                Arguments.of(List.of(SHIPPED, PLACED, PAID), List.of(PARKED, APPLIED, APPLIED)),
                Arguments.of(List.of(SHIPPED, PAID, PLACED), List.of(PARKED, PARKED, APPLIED)));
    }

    @ParameterizedTest
    @MethodSource("everyArrivalOrder")
    void everyArrivalOrderAppliesTheStepsInSequence(List<Message> arrivals, List<HandleOutcome> expected) {
        List<HandleOutcome> outcomes = arrivals.stream().map(shipping::handle).toList();

        assertThat(outcomes).isEqualTo(expected);
        assertThat(rows(
                        shippingFile,
                        "SELECT applied_order, step_seq, message_id FROM applied_step ORDER BY applied_order"))
                .containsExactly(row(1, 1, "o-1:placed"), row(2, 2, "o-1:paid"), row(3, 3, "o-1:shipped"));
        assertThat(rows(shippingFile, "SELECT order_id, last_step, status FROM order_progress"))
                .containsExactly(row("o-1", 3, "SHIPPED"));
        assertThat(rows(shippingFile, "SELECT order_id, status FROM shipment")).containsExactly(row("o-1", "SHIPPED"));
        assertThat(count(shippingFile, "parked_message")).isZero();
    }

    @Test
    void shippedBeforePaidWaitsUntilPaidArrives() {
        assertThat(shipping.handle(SHIPPED)).isEqualTo(PARKED);
        assertThat(count(shippingFile, "applied_step")).isZero();
        assertThat(count(shippingFile, "shipment")).isZero();

        assertThat(shipping.handle(PLACED)).isEqualTo(APPLIED);
        assertThat(rows(shippingFile, "SELECT message_id FROM applied_step ORDER BY applied_order"))
                .containsExactly(row("o-1:placed"));
        assertThat(rows(shippingFile, "SELECT message_id FROM parked_message")).containsExactly(row("o-1:shipped"));
        assertThat(rows(shippingFile, "SELECT last_step, status FROM order_progress"))
                .containsExactly(row(1, "PLACED"));

        assertThat(shipping.handle(PAID)).isEqualTo(APPLIED);
        assertThat(rows(shippingFile, "SELECT message_id FROM applied_step ORDER BY applied_order"))
                .containsExactly(row("o-1:placed"), row("o-1:paid"), row("o-1:shipped"));
        assertThat(count(shippingFile, "parked_message")).isZero();
    }

    @Test
    void duplicatesAreIgnoredWhetherAppliedOrParked() {
        assertThat(shipping.handle(SHIPPED)).isEqualTo(PARKED);
        assertThat(shipping.handle(SHIPPED)).isEqualTo(DUPLICATE);
        assertThat(shipping.handle(PLACED)).isEqualTo(APPLIED);
        assertThat(shipping.handle(PLACED)).isEqualTo(DUPLICATE);
        assertThat(shipping.handle(PAID)).isEqualTo(APPLIED);
        assertThat(shipping.handle(SHIPPED)).isEqualTo(DUPLICATE);

        assertThat(rows(shippingFile, "SELECT message_id FROM applied_step ORDER BY applied_order"))
                .containsExactly(row("o-1:placed"), row("o-1:paid"), row("o-1:shipped"));
        assertThat(count(shippingFile, "processed_message")).isEqualTo(3);
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
    }

    @Test
    void theSameIdWithOtherContentIsAConflictNotASuccess() {
        shipping.handle(PLACED);

        assertThat(shipping.handle(Message.of("o-1", OrderStep.PLACED, "alice", 999, Days.DAY_ONE)))
                .isEqualTo(CONFLICT);

        assertThat(rows(shippingFile, "SELECT customer, amount_cents FROM processed_message"))
                .containsExactly(row("alice", 1250));
        assertThat(rows(shippingFile, "SELECT customer, amount_cents FROM shipment"))
                .containsExactly(row("alice", 1250));
        assertThat(count(shippingFile, "applied_step")).isEqualTo(1);
    }

    @Test
    void anotherMessageForAStepAlreadyTakenIsAConflict() {
        shipping.handle(PLACED);
        shipping.handle(SHIPPED);

        Message otherPlaced = new Message("o-1:placed-again", "o-1", OrderStep.PLACED, "alice", 1250, Days.DAY_ONE);
        Message otherShipped = new Message("o-1:shipped-again", "o-1", OrderStep.SHIPPED, "alice", 1250, Days.DAY_ONE);
        assertThat(shipping.handle(otherPlaced)).isEqualTo(CONFLICT);
        assertThat(shipping.handle(otherShipped)).isEqualTo(CONFLICT);

        assertThat(rows(shippingFile, "SELECT message_id FROM processed_message ORDER BY step_seq"))
                .containsExactly(row("o-1:placed"), row("o-1:shipped"));
        assertThat(rows(shippingFile, "SELECT message_id FROM parked_message")).containsExactly(row("o-1:shipped"));
    }

    @Test
    void aGapHoldsBackOnlyItsOwnOrder() {
        shipping.handle(PLACED);
        shipping.handle(SHIPPED);
        for (OrderStep step : OrderStep.values()) {
            shipping.handle(Message.of("o-2", step, "bob", 700, Days.DAY_ONE));
        }

        assertThat(rows(shippingFile, "SELECT order_id, last_step, status FROM order_progress ORDER BY order_id"))
                .containsExactly(row("o-1", 1, "PLACED"), row("o-2", 3, "SHIPPED"));
        assertThat(rows(shippingFile, "SELECT order_id, status FROM shipment ORDER BY order_id"))
                .containsExactly(row("o-1", "AWAITING_PAYMENT"), row("o-2", "SHIPPED"));
    }

    @Test
    void aFailingEffectAlsoUndoesTheDedupRecord() {
        SqliteFiles.execute(
                shippingFile,
                "CREATE TRIGGER reject_applied_step BEFORE INSERT ON applied_step"
                        + " BEGIN SELECT RAISE(ABORT, 'applied_step insert rejected by the test'); END");

        assertThatThrownBy(() -> shipping.handle(PLACED))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("could not handle message o-1:placed")
                .hasMessageContaining("applied_step insert rejected by the test");
        assertThat(count(shippingFile, "processed_message")).isZero();
        assertThat(count(shippingFile, "shipment")).isZero();
        assertThat(count(shippingFile, "order_progress")).isZero();

        SqliteFiles.execute(shippingFile, "DROP TRIGGER reject_applied_step");
        assertThat(new ShippingConsumer(Database.sqlite(shippingFile)).handle(PLACED))
                .isEqualTo(APPLIED);
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
    }

    @Test
    void aFailingParkedStepRollsBackTheWholeChain() {
        shipping.handle(SHIPPED);
        shipping.handle(PLACED);
        SqliteFiles.execute(
                shippingFile,
                "CREATE TRIGGER reject_shipped BEFORE INSERT ON applied_step WHEN NEW.step_seq = 3"
                        + " BEGIN SELECT RAISE(ABORT, 'shipped step rejected by the test'); END");

        assertThatThrownBy(() -> shipping.handle(PAID)).isInstanceOf(DataAccessException.class);

        assertThat(rows(shippingFile, "SELECT last_step FROM order_progress")).containsExactly(row(1));
        assertThat(rows(shippingFile, "SELECT message_id FROM parked_message")).containsExactly(row("o-1:shipped"));
        assertThat(rows(shippingFile, "SELECT message_id FROM processed_message ORDER BY step_seq"))
                .containsExactly(row("o-1:placed"), row("o-1:shipped"));
    }

    @Test
    void workersRacingWithTheSameMessageApplyItOnce() throws Exception {
        int workers = 4;
        CyclicBarrier start = new CyclicBarrier(workers);
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<HandleOutcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                outcomes.add(pool.submit(() -> {
                    ShippingConsumer worker = new ShippingConsumer(Database.sqlite(shippingFile));
                    start.await();
                    return worker.handle(PLACED);
                }));
            }
            List<HandleOutcome> answers = new ArrayList<>();
            for (Future<HandleOutcome> outcome : outcomes) {
                answers.add(outcome.get());
            }

            assertThat(answers).containsExactlyInAnyOrder(APPLIED, DUPLICATE, DUPLICATE, DUPLICATE);
        } finally {
            pool.shutdownNow();
        }
        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
        assertThat(count(shippingFile, "applied_step")).isEqualTo(1);
    }
}
