package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.spring.SpringProcess;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sweep of the Spring Boot project, with JaCoCo's and Mockito's agents beside the kit's: every JVM that runs the
 * application, the test's and each child of a CHILD_PROCESS case, has all three, and Mockito works in it.
 */
class OrderReachesShippingCrashTest {

    @TempDir
    Path dir;

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

    @RegisterExtension
    final SpringProcess application = SpringProcess.of(ShopApplication.class)
            .withProperty("spring.datasource.url", this::url)
            .withProperty("logging.level.org.springframework.transaction.interceptor", "off")
            .withProperty("logging.level.org.springframework.jdbc.support", "off")
            .withProperty("logging.level.root", "warn");

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)",
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void aPlacedOrderIsShippedExactlyOnce(CrashScenario scenario) throws Exception {
        application.run(this::placeOrderAndRelay);
        application.recover(this::placeOrderAndRelay);
    }

    void placeOrderAndRelay(ConfigurableApplicationContext context) {
        everyAgentIsLoaded();
        context.getBean(OrderService.class).placeOrder("o-1", "alice", 1250);
        context.getBean(OutboxRelay.class).relayPending();
    }

    /** In the JVM that runs the workload: the three agents given with -javaagent, and Mockito's inline mock maker. */
    static void everyAgentIsLoaded() {
        List<String> agents = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> argument.startsWith("-javaagent:"))
                .toList();
        assertThat(agents)
                .as("the -javaagent options of this JVM")
                .satisfiesExactly(
                        jacoco -> assertThat(jacoco).contains("org.jacoco.agent").contains("=destfile="),
                        kit -> assertThat(kit).endsWith(".jar").contains("testkit-core"),
                        mockito -> assertThat(mockito).endsWith(".jar").contains("mockito-core"));
        // a record is final: only the inline mock maker, which Mockito's agent serves, mocks it
        Outbox.Message message = mock(Outbox.Message.class);
        when(message.orderId()).thenReturn("o-mocked");
        assertThat(message.orderId()).isEqualTo("o-mocked");
    }
}
