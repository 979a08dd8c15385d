package com.example.shop;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.spring.SpringProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

// tag::crash-test[]
class OrderReachesShippingCrashTest {

    @TempDir
    Path dir;

    /** H2 in a file of this case's directory; WRITE_DELAY=0, or a child JVM's exit loses its last commits. */
    String url() {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    final JdbcSource shop = JdbcSource.url(this::url).named("shop");

    @CheckInvariant
    final Invariant shippedOnce = Invariants.exactlyOncePerKey("every message shipped exactly once")
            .intentsIn(shop, "outbox", "message_id")
            .effectsIn(shop, "shipment", "message_id");

    @CheckInvariant
    final Invariant noOrderLost = Invariants.noLostIntent("no order lost on its way to shipping")
            .intentsIn(shop, "orders", "order_id")
            .effectsIn(shop, "shipment", "order_id");

    /**
     * The application on this case's database, started inside each case's workload and its recovery: properties
     * given here win over application.properties.
     */
    @RegisterExtension
    final SpringProcess application = SpringProcess.of(sources())
            .withProperty("spring.datasource.url", this::url)
            // a crash in this JVM closes the transaction's connection, and Spring logs the failed rollback at
            // ERROR with both stack traces: expected here, so not logged
            .withProperty("logging.level.org.springframework.transaction.interceptor", "off")
            .withProperty("logging.level.org.springframework.jdbc.support", "off")
            .withProperty("logging.level.root", "warn");

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderIsShippedExactlyOnce(CrashScenario scenario) throws Exception {
        application.run(this::placeOrderAndRelay); // the application starts and dies at this case's commit or statement
        application.recover(this::placeOrderAndRelay); // a new application on the same database: the caller retries
    }

    @CrashAt(
            selector = "method-entry:com.example.shop.Outbox#markSent(java.lang.String)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aCrashBeforeTheMarkShipsNothingTwice(CrashScenario scenario) throws Exception {
        application.run(this::placeOrderAndRelay);
        application.recover(this::placeOrderAndRelay);
    }

    void placeOrderAndRelay(ConfigurableApplicationContext context) {
        context.getBean(OrderService.class).placeOrder("o-1", "alice", 1250);
        context.getBean(OutboxRelay.class).relayPending();
    }

    Class<?>[] sources() {
        return new Class<?>[] {ShopApplication.class};
    }
}
// end::crash-test[]
