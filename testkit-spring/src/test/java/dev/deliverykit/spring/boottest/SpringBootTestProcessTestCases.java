package dev.deliverykit.spring.boottest;

import dev.deliverykit.CrashMode;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.spring.SpringProcess;
import dev.deliverykit.spring.shop.OrderService;
import dev.deliverykit.spring.shop.ShopInvariants;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A {@code @SpringBootTest} whose application (found from this package: {@link TickingShop}) is also the process of
 * each case. Each workload notes what it sees: whether the test's own context's {@link Ticker} runs, and what the
 * process's properties are.
 */
@CrashTestKitOnly
@SpringBootTest(
        properties = {"shop.greeting=from @SpringBootTest", "spring.datasource.url=jdbc:h2:mem:spring-boot-test-context"
        })
class SpringBootTestProcessTestCases {

    /** What each workload saw, in order. */
    static final List<String> seen = new CopyOnWriteArrayList<>();

    /** The test's own context's ticker, as injected into the last test instance. */
    static volatile Ticker testContextTicker;

    @TempDir
    Path dir;

    @Autowired
    Ticker ticker;

    @CheckInvariant
    final Invariant shippedExactlyOnce = ShopInvariants.shippedExactlyOnce(() -> dir);

    // tag::spring-boot-test[]
    @RegisterExtension
    final SpringProcess shop =
            SpringProcess.ofSpringBootTest().withProperty("spring.datasource.url", () -> ShopInvariants.url(dir));

    @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.IN_PROCESS)
    void aPlacedOrderShipsExactlyOnce(CrashScenario scenario) throws Exception {
        shop.run(app -> {
            note(app); // what the workload sees: the test's own context paused, the properties
            app.getBean(OrderService.class).placeOrder("o-1", 1250);
        });
        shop.recover();
    }
    // end::spring-boot-test[]

    @CrashAt(
            selector = "after-commit within dev.deliverykit.spring.shop.OrderService#placeOrder",
            mode = CrashMode.CHILD_PROCESS)
    void inAChildJvm(CrashScenario scenario) throws Exception {
        shop.run(app -> {
            // the child JVM loaded the test's own context as well, and must have paused it before the case
            if (ticker.isRunning()) {
                throw new IllegalStateException("the child JVM's test context runs beside the case");
            }
            app.getBean(OrderService.class).placeOrder("o-1", 1250);
        });
        shop.recover();
    }

    private void note(ConfigurableApplicationContext app) {
        testContextTicker = ticker;
        String url = app.getEnvironment().getProperty("spring.datasource.url");
        seen.add("test context's ticker running: " + ticker.isRunning() + ", greeting "
                + app.getEnvironment().getProperty("shop.greeting") + ", database "
                + (ShopInvariants.url(dir).equals(url) ? "the case's" : url));
    }
}
