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
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
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

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderIsShippedExactlyOnce(CrashScenario scenario) throws Exception {
        scenario.run(this::placeOrderAndRelay); // the application starts and dies at this case's commit or statement
        scenario.restart(this::placeOrderAndRelay); // a new application on the same database: the caller retries
    }

    @CrashAt(
            selector = "method-entry:com.example.shop.Outbox#markSent(java.lang.String)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aCrashBeforeTheMarkShipsNothingTwice(CrashScenario scenario) throws Exception {
        scenario.run(this::placeOrderAndRelay);
        scenario.restart(this::placeOrderAndRelay);
    }

    void placeOrderAndRelay() {
        try (ConfigurableApplicationContext application = start()) {
            application.getBean(OrderService.class).placeOrder("o-1", "alice", 1250);
            application.getBean(OutboxRelay.class).relayPending();
        }
    }

    /** The application on this case's database: command-line arguments win over application.properties. */
    ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(sources())
                .web(WebApplicationType.NONE)
                .run(
                        "--spring.datasource.url=" + url(),
                        // a crash in this JVM closes the transaction's connection, and Spring logs the failed
                        // rollback at ERROR with both stack traces: expected here, so not logged
                        "--logging.level.org.springframework.transaction.interceptor=off",
                        "--logging.level.org.springframework.jdbc.support=off",
                        "--logging.level.root=warn",
                        "--spring.main.banner-mode=off");
    }

    Class<?>[] sources() {
        return new Class<?>[] {ShopApplication.class};
    }
}
// end::crash-test[]
