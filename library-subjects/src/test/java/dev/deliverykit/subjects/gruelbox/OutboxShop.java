package dev.deliverykit.subjects.gruelbox;

import com.gruelbox.transactionoutbox.Dialect;
import com.gruelbox.transactionoutbox.Instantiator;
import com.gruelbox.transactionoutbox.Persistor;
import com.gruelbox.transactionoutbox.ThreadLocalContextTransactionManager;
import com.gruelbox.transactionoutbox.TransactionManager;
import com.gruelbox.transactionoutbox.TransactionOutbox;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;

/**
 * An order service with gruelbox transaction-outbox (com.gruelbox) as its outbox, on an H2 file: {@link #placeOrder}
 * saves the order and schedules its shipment in one transaction; after the commit the library hands the shipment
 * to its default submitter's executor, which ships the order and deletes the outbox entry in one transaction. A
 * fresh process after a crash flushes the outbox, which hands every due entry to the executor in turn.
 *
 * <p>Each process builds its transaction manager and its outbox anew; nothing here waits for the executor: the
 * kit's process ends when its tasks have.
 */
public final class OutboxShop {

    /** Past the attempt frequency: a fresh process's clock, so that entries a dead process left are due. */
    static final Duration PAST_ATTEMPT_FREQUENCY = Duration.ofHours(1);

    private final ThreadLocalContextTransactionManager tm;
    private final TransactionOutbox outbox;

    private OutboxShop(Path dir, Clock clock) {
        tm = TransactionManager.fromConnectionDetails("org.h2.Driver", url(dir), "", "");
        Shipper shipper = new Shipper(tm);
        outbox = TransactionOutbox.builder()
                .transactionManager(tm)
                .persistor(Persistor.forDialect(Dialect.H2))
                .instantiator(Instantiator.using(type -> shipper))
                .clockProvider(() -> clock)
                .build(); // checks the library's tables, as every process of it does
    }

    /** The database's JDBC URL: commits reach the file before the commit returns (H2 delays them by default). */
    public static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    /** The library's tables and the shop's, before any process runs. */
    public static void createSchema(Path dir) throws Exception {
        OutboxShop shop = new OutboxShop(dir, Clock.systemUTC()); // creates the library's tables
        shop.tm.inTransactionThrows(tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute(
                        "CREATE TABLE orders (order_id VARCHAR(64) PRIMARY KEY, amount_cents BIGINT NOT NULL)");
                statement.execute(
                        "CREATE TABLE shipment (order_id VARCHAR(64) NOT NULL, amount_cents BIGINT NOT NULL)");
            }
        });
    }

    /** A process that places one order; its shipment is delivered on the outbox's executor after the commit. */
    public static void placeOrder(Path dir, String orderId, long amountCents) throws Exception {
        OutboxShop shop = new OutboxShop(dir, Clock.systemUTC());
        shop.tm.inTransactionThrows(tx -> {
            try (PreparedStatement insert =
                    tx.connection().prepareStatement("INSERT INTO orders (order_id, amount_cents) VALUES (?, ?)")) {
                insert.setString(1, orderId);
                insert.setLong(2, amountCents);
                insert.executeUpdate();
            }
            shop.outbox.schedule(Shipper.class).ship(orderId, amountCents);
        });
    }

    /** A fresh process after a crash: its clock past the attempt frequency, it flushes what the dead one left. */
    public static void recover(Path dir) {
        OutboxShop shop = new OutboxShop(dir, Clock.offset(Clock.systemUTC(), PAST_ATTEMPT_FREQUENCY));
        shop.outbox.flush(); // hands the due entries to the executor and returns
    }
}
