package dev.deliverykit.subjects.dbscheduler;

import dev.deliverykit.boundary.Instances;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.invariant.JdbcSource;
import dev.deliverykit.junit5.CheckInvariant;
import dev.deliverykit.junit5.ScheduleScenario;
import dev.deliverykit.subjects.dbscheduler.TwoSchedulers.BeforeShipping;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order placed, then two db-scheduler instances poll at once on the kit's clock; after every case the order was
 * shipped exactly once and no execution is left. A test names its sweep.
 */
abstract class DeadExecutionSweep {

    /** Past db-scheduler's dead-execution limit: missed heartbeats (6) times the heartbeat interval (5 minutes). */
    static final Duration PAST_DEAD_EXECUTION_LIMIT = Duration.ofMinutes(31);

    /** Past db-scheduler's delay before a failed one-time execution runs again. */
    static final Duration PAST_THE_RETRY_DELAY = Duration.ofMinutes(6);

    @TempDir
    Path dir;

    final JdbcSource shop = JdbcSource.url(() -> SchedulerShop.url(dir)).named("shop");

    @CheckInvariant
    final Invariant shippedExactlyOnce = Invariants.exactlyOncePerKey("every order shipped exactly once")
            .intentsIn(shop, "orders", "order_id")
            .effectsIn(shop, "shipment", "order_id");

    @CheckInvariant
    final Invariant noExecutionLeft = Invariants.noRows(
            "no execution left", shop, "SELECT task_instance FROM scheduled_tasks", "an execution left scheduled");

    private final Shipping shipping;

    DeadExecutionSweep(Shipping shipping) {
        this.shipping = shipping;
    }

    /**
     * scheduler-a's handler runs {@code beforeShippingOnA} first; scheduler-b's ships at once. Then one more poll,
     * later than db-scheduler's retry delay (5 minutes), runs what a failed handler left for later.
     */
    void pollBoth(ScheduleScenario scenario, BeforeShipping beforeShippingOnA) throws Exception {
        TwoSchedulers.placeOrder(dir, scenario.clock(), "o-1", 1250);
        scenario.run(Instances.of(
                        "scheduler-a",
                        () -> TwoSchedulers.poll(dir, "scheduler-a", scenario.clock(), shipping, beforeShippingOnA))
                .and(
                        "scheduler-b",
                        () -> TwoSchedulers.poll(
                                dir, "scheduler-b", scenario.clock(), shipping, BeforeShipping.NOTHING)));
        scenario.restart(() -> {
            scenario.clock().advance(PAST_THE_RETRY_DELAY);
            TwoSchedulers.poll(dir, "scheduler-b", scenario.clock(), shipping, BeforeShipping.NOTHING);
        });
    }

    /** A handler that takes longer than the dead-execution limit: the kit's clock passes it first. */
    static BeforeShipping pastTheLimit(ScheduleScenario scenario) {
        return () -> scenario.clock().advance(PAST_DEAD_EXECUTION_LIMIT);
    }
}
