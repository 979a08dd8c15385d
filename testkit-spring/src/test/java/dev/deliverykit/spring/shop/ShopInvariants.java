package dev.deliverykit.spring.shop;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import java.nio.file.Path;
import java.util.function.Supplier;

/** What must hold on the shop's database after any crash and its recovery, read back with plain JDBC. */
public final class ShopInvariants {

    private ShopInvariants() {}

    /** The database's JDBC URL: commits reach the file before the commit returns (H2 delays them by default). */
    public static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    static JdbcSource shop(Supplier<Path> dir) {
        return JdbcSource.url(() -> url(dir.get())).named("shop");
    }

    /** Every order saved is shipped, and exactly once. */
    public static Invariant shippedExactlyOnce(Supplier<Path> dir) {
        return Invariants.exactlyOncePerKey("every order shipped exactly once")
                .intentsIn(shop(dir), "orders", "order_id")
                .effectsIn(shop(dir), "shipment", "order_id");
    }

    /** After recovery, no publication is left incomplete: Modulith completed every event it stored. */
    public static Invariant everyPublicationCompleted(Supplier<Path> dir) {
        return Invariants.noRows(
                "every publication completed",
                shop(dir),
                "SELECT listener_id FROM event_publication WHERE completion_date IS NULL",
                "an event publication the recovery left incomplete");
    }
}
