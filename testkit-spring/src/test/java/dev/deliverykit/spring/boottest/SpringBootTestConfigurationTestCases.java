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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.Mockito;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/**
 * A {@code @SpringBootTest} configured the ways tests usually are: a profile, the database given by a
 * {@code @DynamicPropertySource}, a bean of an {@code @Import}ed {@code @TestConfiguration}, a {@code @MockitoBean},
 * a {@code @TestPropertySource} file and command-line arguments; the process must be that application. Each workload
 * notes what its application sees and, in a child JVM, fails if it is not that.
 */
@CrashTestKitOnly
@SpringBootTest(args = "--shop.channel=from @SpringBootTest's args")
@ActiveProfiles("crashtest")
@Import(ImportedByTheTest.class)
@TestPropertySource(locations = "classpath:crashtest-extra.properties")
class SpringBootTestConfigurationTestCases {

    /** What each in-process workload saw, in order. */
    static final List<String> seen = new CopyOnWriteArrayList<>();

    static final String EXPECTED = "greeting from the crashtest profile, channel from @SpringBootTest's args,"
            + " imported bean from @Import, extra from @TestPropertySource, label from the kit, ticker a mock,"
            + " database the case's";

    @TempDir
    Path dir;

    /** The test context's lifecycle bean, a mock here; the process gets a mock of its own. */
    @MockitoBean
    Ticker ticker;

    // tag::dynamic-property-source[]
    /** The current case's directory: the process's application reads the property below when it starts. */
    private static volatile Path caseDir;

    @BeforeEach
    void useTheCasesDirectory() {
        caseDir = dir; // the @TempDir of this case
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> {
            Path current = caseDir; // null while Spring loads the test's own context
            return current == null ? "jdbc:h2:mem:configured-test-context" : ShopInvariants.url(current);
        });
    }
    // end::dynamic-property-source[]

    @DynamicPropertySource
    static void label(DynamicPropertyRegistry registry) {
        registry.add("shop.label", () -> "from @DynamicPropertySource");
    }

    @CheckInvariant
    final Invariant shippedExactlyOnce = ShopInvariants.shippedExactlyOnce(() -> dir);

    @RegisterExtension
    final SpringProcess shop = SpringProcess.ofSpringBootTest().withProperty("shop.label", "from the kit");

    @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.IN_PROCESS)
    void inProcess(CrashScenario scenario) throws Exception {
        shop.run(app -> {
            seen.add(sees(app));
            app.getBean(OrderService.class).placeOrder("o-1", 1250);
        });
        shop.recover();
    }

    @CrashAt(
            selector = "after-commit within dev.deliverykit.spring.shop.OrderService#placeOrder",
            mode = CrashMode.CHILD_PROCESS)
    void inAChildJvm(CrashScenario scenario) throws Exception {
        shop.run(app -> {
            String sees = sees(app);
            if (!sees.equals(EXPECTED)) {
                throw new IllegalStateException("the child's application is not the @SpringBootTest's: " + sees);
            }
            app.getBean(OrderService.class).placeOrder("o-1", 1250);
        });
        shop.recover();
    }

    private String sees(ConfigurableApplicationContext app) {
        String url = app.getEnvironment().getProperty("spring.datasource.url");
        return "greeting " + app.getEnvironment().getProperty("shop.greeting")
                + ", channel " + app.getEnvironment().getProperty("shop.channel")
                + ", imported bean " + (app.containsBean("importedMarker") ? app.getBean("importedMarker") : "missing")
                + ", extra " + app.getEnvironment().getProperty("shop.extra")
                + ", label " + app.getEnvironment().getProperty("shop.label")
                + ", ticker "
                + (Mockito.mockingDetails(app.getBean(Ticker.class)).isMock() ? "a mock" : "the real one")
                + ", database " + (ShopInvariants.url(dir).equals(url) ? "the case's" : url);
    }
}
