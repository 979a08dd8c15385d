package com.example.orders.shipping;

import static com.example.orders.HandleOutcome.APPLIED;
import static com.example.orders.HandleOutcome.REJECTED_SEALED;
import static com.example.orders.SqliteFiles.count;
import static com.example.orders.SqliteFiles.row;
import static com.example.orders.SqliteFiles.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.orders.Days;
import com.example.orders.HandleOutcome;
import com.example.orders.Message;
import com.example.orders.MessageRejectedException;
import com.example.orders.OrderService;
import com.example.orders.OrderStep;
import com.example.orders.OutboxRelay;
import com.example.orders.SqliteFiles;
import com.example.orders.db.DataAccessException;
import com.example.orders.db.Database;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DedupCleanupTest {

    private static final long DAY_ONE = Days.DAY_ONE;
    private static final long DAY_TWO = Days.DAY_ONE + 1;
    private static final Message PLACED_ON_DAY_ONE = Message.of("o-1", OrderStep.PLACED, "alice", 1250, DAY_ONE);
    private static final Message PLACED_ON_DAY_TWO = Message.of("o-2", OrderStep.PLACED, "bob", 700, DAY_TWO);

    @TempDir
    Path dir;

    private Path shippingFile;
    private Database shippingDb;
    private ShippingConsumer shipping;
    private DedupCleanup cleanup;

    @BeforeEach
    void openShippingDatabase() {
        shippingFile = dir.resolve("shipping.db");
        shippingDb = Database.sqlite(shippingFile);
        shipping = new ShippingConsumer(shippingDb);
        cleanup = new DedupCleanup(shippingDb, Days.clockOn(DAY_TWO + 30));
    }

    @Test
    void sealingDeletesTheRecordsAtOrBelowTheEpochAndRaisesTheMarker() {
        shipping.handle(PLACED_ON_DAY_ONE);
        shipping.handle(PLACED_ON_DAY_TWO);

        assertThat(cleanup.sealThrough(DAY_ONE)).isEqualTo(new SealResult(SealOutcome.SEALED, DAY_ONE, 1));

        assertThat(rows(shippingFile, "SELECT message_id, dedup_epoch FROM processed_message"))
                .containsExactly(row("o-2:placed", DAY_TWO));
        assertThat(rows(shippingFile, "SELECT sealed_through, sealed_at FROM dedup_epoch_seal"))
                .containsExactly(row(DAY_ONE, "2024-11-04T09:00:00Z"));
        assertThat(count(shippingFile, "shipment")).isEqualTo(2);
    }

    @Test
    void aLateDuplicateOfASealedEpochIsRejectedNotExecutedAgain() {
        shipping.handle(PLACED_ON_DAY_ONE);
        cleanup.sealThrough(DAY_ONE);

        assertThat(shipping.handle(PLACED_ON_DAY_ONE)).isEqualTo(REJECTED_SEALED);

        assertThat(count(shippingFile, "shipment")).isEqualTo(1);
        assertThat(count(shippingFile, "applied_step")).isEqualTo(1);
        assertThat(count(shippingFile, "processed_message")).isZero();
    }

    @Test
    void anUnseenMessageOfASealedEpochIsRejectedAndALaterEpochStillWorks() {
        cleanup.sealThrough(DAY_ONE);

        assertThat(shipping.handle(PLACED_ON_DAY_ONE)).isEqualTo(REJECTED_SEALED);
        assertThat(shipping.handle(PLACED_ON_DAY_TWO)).isEqualTo(APPLIED);

        assertThat(rows(shippingFile, "SELECT order_id FROM shipment")).containsExactly(row("o-2"));
        assertThat(rows(shippingFile, "SELECT message_id FROM processed_message"))
                .containsExactly(row("o-2:placed"));
    }

    @Test
    void theMarkerNeverGoesDownNorResetsOnRestart() {
        cleanup.sealThrough(DAY_TWO);

        assertThat(cleanup.sealThrough(DAY_ONE)).isEqualTo(new SealResult(SealOutcome.ALREADY_SEALED, DAY_TWO, 0));
        assertThat(cleanup.sealThrough(DAY_TWO)).isEqualTo(new SealResult(SealOutcome.ALREADY_SEALED, DAY_TWO, 0));

        DedupCleanup afterRestart = new DedupCleanup(Database.sqlite(shippingFile), Days.clockOn(DAY_TWO + 31));
        assertThat(afterRestart.sealedThrough()).isEqualTo(OptionalLong.of(DAY_TWO));
        assertThat(rows(shippingFile, "SELECT sealed_through FROM dedup_epoch_seal"))
                .containsExactly(row(DAY_TWO));
    }

    @Test
    void aFailingDeleteAlsoUndoesTheSeal() {
        shipping.handle(PLACED_ON_DAY_ONE);
        SqliteFiles.execute(
                shippingFile,
                "CREATE TRIGGER reject_cleanup BEFORE DELETE ON processed_message"
                        + " BEGIN SELECT RAISE(ABORT, 'cleanup rejected by the test'); END");

        assertThatThrownBy(() -> cleanup.sealThrough(DAY_ONE))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("could not seal dedup epochs through 20000")
                .hasMessageContaining("cleanup rejected by the test");

        assertThat(cleanup.sealedThrough()).isEmpty();
        assertThat(count(shippingFile, "dedup_epoch_seal")).isZero();
        assertThat(count(shippingFile, "processed_message")).isEqualTo(1);
        assertThat(shipping.handle(PLACED_ON_DAY_ONE)).isEqualTo(HandleOutcome.DUPLICATE);
    }

    @Test
    void sealingADayWithUndeliveredMessagesStrandsThem() {
        Path orderFile = dir.resolve("orders.db");
        Database orderDb = Database.sqlite(orderFile);
        new OrderService(orderDb, Days.clockOn(DAY_ONE)).placeOrder("o-1", "alice", 1250);
        cleanup.sealThrough(DAY_ONE);

        OutboxRelay relay = new OutboxRelay(orderDb, shipping, Days.clockOn(DAY_TWO));

        assertThatThrownBy(relay::publishPending)
                .isInstanceOfSatisfying(
                        MessageRejectedException.class,
                        e -> assertThat(e.outcome()).isEqualTo(REJECTED_SEALED))
                .hasMessageContaining("seal only days whose messages are all published");
        assertThat(rows(orderFile, "SELECT message_id, published_at FROM outbox_message"))
                .containsExactly(row("o-1:placed", null));
        assertThat(count(shippingFile, "shipment")).isZero();
    }
}
