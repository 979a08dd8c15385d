package dev.deliverykit.reference.ordered;

import static dev.deliverykit.reference.ordered.Steps.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.StoreException;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write lock held by another connection for longer than the busy timeout surfaces as a
 * {@link StoreException} that says so; nothing is written and nothing is reported as an outcome.
 */
class LockTimeoutTest {

    private static final Duration SHORT = Duration.ofMillis(100);

    @TempDir
    Path dir;

    @Test
    void receiveAndApplyFailWithALockTimeoutAndWriteNothing() throws Exception {
        SqliteDatabase db = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedConsumer consumer = new OrderedConsumer(db.withBusyTimeout(SHORT))) {
            consumer.receive(v1("A", 1));
            try (Connection side = db.open();
                    Statement statement = side.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");

                StoreException receive = catchThrowableOfType(StoreException.class, () -> consumer.receive(v1("A", 2)));
                assertThat(receive.isLockTimeout()).isTrue();
                assertThat(receive)
                        .hasMessage("receive A2 failed: " + db.file() + " stayed locked by another"
                                + " connection for the whole busy timeout of 100 ms; nothing was written. Retry the call,"
                                + " or give SqliteDatabase.withBusyTimeout(...) a longer timeout.");

                StoreException apply = catchThrowableOfType(StoreException.class, () -> consumer.apply("A"));
                assertThat(apply.isLockTimeout()).isTrue();

                statement.execute("ROLLBACK");
            }
        }
        assertThat(Steps.inboxRows(db)).containsExactly("A1 pending null");
        assertThat(Db.count(db.file(), "projection")).isZero();
        assertThat(Db.count(db.file(), "effect")).isZero();
    }

    @Test
    void advanceAndTheRelayMarkFailWithALockTimeoutAndWriteNothing() throws Exception {
        SqliteDatabase producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        SqliteDatabase consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedProducer producer = new OrderedProducer(producerDb.withBusyTimeout(SHORT));
                OrderedConsumer consumer = new OrderedConsumer(consumerDb);
                Relay relay = new Relay(producerDb.withBusyTimeout(SHORT), consumer)) {
            producer.advance(v1("A", 1), 0);
            try (Connection side = producerDb.open();
                    Statement statement = side.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");

                StoreException advance =
                        catchThrowableOfType(StoreException.class, () -> producer.advance(v1("A", 2), 1));
                assertThat(advance.isLockTimeout()).isTrue();

                // The consumer (another file) accepts; only marking accepted=1 on the locked producer fails.
                StoreException mark = catchThrowableOfType(StoreException.class, relay::relay);
                assertThat(mark.isLockTimeout()).isTrue();
                assertThat(mark).hasMessageStartingWith("mark outbox row A1 accepted failed: ");

                statement.execute("ROLLBACK");
            }
            // Recovery: the resend is a duplicate and now gets marked.
            assertThat(relay.relay().outcome()).isEqualTo(RelayOutcome.DUPLICATE);
        }
        assertThat(Steps.flowRows(producerDb)).containsExactly("A 1 reserved 3");
        assertThat(Steps.outboxRows(producerDb)).containsExactly("A1 accepted=1");
        assertThat(Steps.inboxRows(consumerDb)).containsExactly("A1 pending null");
    }
}
