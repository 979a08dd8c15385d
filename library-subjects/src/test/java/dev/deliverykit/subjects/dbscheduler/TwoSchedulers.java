package dev.deliverykit.subjects.dbscheduler;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import javax.sql.DataSource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The db-scheduler shop's database with two scheduler instances on it, both on the case's clock: an order's "ship"
 * execution is picked by one, and when that one stops past db-scheduler's dead-execution limit (its heartbeat is
 * then that old), the other's dead-execution detection revives the execution and runs it.
 *
 * <p>Each instance polls as a started scheduler does, on the calling thread: dead-execution detection, then every due
 * execution. db-scheduler reads the time from its own {@link com.github.kagkarlsson.scheduler.Clock}; here that is
 * the kit's clock, so the limit (30 minutes by default) passes in no real time.
 */
final class TwoSchedulers {

    /** What the "ship" execution does before it ships, on the instance that runs it. */
    @FunctionalInterface
    interface BeforeShipping {
        BeforeShipping NOTHING = () -> {};

        void run();
    }

    private TwoSchedulers() {}

    /** The schema, and one order with its execution due now, committed together. */
    static void placeOrder(Path dir, Clock clock, String orderId, long amountCents) {
        DataSource dataSource = new DriverManagerDataSource(SchedulerShop.url(dir));
        new ResourceDatabasePopulator(new ClassPathResource("db-scheduler-shop-schema.sql")).execute(dataSource);
        OneTimeTask<Long> ship = ship(dataSource, clock, Shipping.IDEMPOTENT, BeforeShipping.NOTHING);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        new TransactionTemplate(new DataSourceTransactionManager(dataSource)).executeWithoutResult(status -> {
            jdbc.update("INSERT INTO orders (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
            SchedulerClient.Builder.create(dataSource, ship)
                    .build()
                    .schedule(ship.instance(orderId, amountCents), clock.instant());
        });
    }

    /** One poll of the instance named {@code name}: revives dead executions, then runs the due ones. */
    static void poll(Path dir, String name, Clock clock, Shipping shipping, BeforeShipping beforeShipping) {
        DataSource dataSource = new DriverManagerDataSource(SchedulerShop.url(dir));
        ManualScheduler scheduler = (ManualScheduler)
                TestHelper.createManualScheduler(dataSource, ship(dataSource, clock, shipping, beforeShipping))
                        .clock(new KitTime(clock))
                        .schedulerName(new SchedulerName.Fixed(name))
                        .build();
        scheduler.runDeadExecutionDetection();
        scheduler.runAnyDueExecutions();
    }

    private static OneTimeTask<Long> ship(
            DataSource dataSource, Clock clock, Shipping shipping, BeforeShipping beforeShipping) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        return Tasks.oneTime("ship", Long.class)
                // db-scheduler's own revival reschedules to Instant.now(), not to the scheduler's clock: on the
                // kit's clock the revived execution would not be due until the wall clock's date
                .onDeadExecution((complete, operations) -> operations.reschedule(complete, clock.instant()))
                .execute((instance, context) -> {
                    beforeShipping.run();
                    shipping.shipInTransaction(tx, jdbc, instance.getId(), instance.getData());
                });
    }

    /** db-scheduler's test clock, reading the kit's: the manual scheduler takes only this type. */
    private static final class KitTime extends SettableClock {
        private final Clock clock;

        KitTime(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Instant now() {
            return clock.instant();
        }
    }
}
