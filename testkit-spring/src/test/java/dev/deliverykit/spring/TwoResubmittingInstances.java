package dev.deliverykit.spring;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.spring.shop.OrderService;
import dev.deliverykit.spring.shop.ShopInvariants;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.modulith.events.IncompleteEventPublications;

/**
 * Two instances of one Spring Modulith shop, app-a and app-b, each a Spring Boot context with its own connection
 * pool on the same H2 file, each resubmitting the incomplete publications it finds there, as two instances that
 * start after an outage both do. The publication is left incomplete by app-a itself before the instances run: its
 * listener failed while the shipment table was away. The invariants, read back with plain JDBC, are checked after
 * every case. A test names its sweep.
 */
abstract class TwoResubmittingInstances {

    /** What each instance's wait for its own delivery may take; a longer one fails the case. */
    private static final Duration SETTLED_WITHIN = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @CheckInvariant
    final Invariant shippedExactlyOnce = ShopInvariants.shippedExactlyOnce(() -> dir);

    @CheckInvariant
    final Invariant everyPublicationCompleted = ShopInvariants.everyPublicationCompleted(() -> dir);

    private final Class<?> application;

    TwoResubmittingInstances(Class<?> application) {
        this.application = application;
    }

    // tag::two-instances[]
    /** Leaves order o-1's publication incomplete, then lets app-a and app-b resubmit it at once. */
    void bothResubmit(ScheduleScenario scenario) throws Exception {
        try (ConfigurableApplicationContext a = start();
                ConfigurableApplicationContext b = start()) {
            leaveIncomplete(a);
            scenario.run(Instances.of("app-a", () -> resubmit(a)).and("app-b", () -> resubmit(b)));
        }
    }
    // end::two-instances[]

    /**
     * One instance. Its connections wait for a row lock longer than H2's default, so that an instance that waits
     * for the lock of one held at its point gets the lock when the other goes on, as on a busy production database.
     */
    private ConfigurableApplicationContext start() {
        return ApplicationStart.start(
                new Class<?>[] {application},
                Map.of("spring.datasource.url", ShopInvariants.url(dir) + ";LOCK_TIMEOUT=10000"));
    }

    /** Places the order while its listener's table is away: the listener fails, Modulith marks the publication so. */
    private static void leaveIncomplete(ConfigurableApplicationContext app) {
        JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
        Settling settling = new Settling(app);
        jdbc.execute("ALTER TABLE shipment RENAME TO shipment_away");
        app.getBean(OrderService.class).placeOrder("o-1", 1250);
        settling.await(SETTLED_WITHIN);
        jdbc.execute("ALTER TABLE shipment_away RENAME TO shipment");
    }

    /**
     * One instance's resubmission, as its operator or its start runs it, and the delivery it hands to its executor,
     * waited for as {@link SpringProcess} waits: the instance ends when its delivery has, not when its threads
     * merely look idle.
     */
    private static void resubmit(ConfigurableApplicationContext app) {
        Settling settling = new Settling(app);
        app.getBean(IncompleteEventPublications.class).resubmitIncompletePublications(publication -> true);
        settling.await(SETTLED_WITHIN);
    }
}
