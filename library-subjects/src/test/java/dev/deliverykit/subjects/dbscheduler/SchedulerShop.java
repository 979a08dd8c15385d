package dev.deliverykit.subjects.dbscheduler;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import com.github.kagkarlsson.scheduler.testhelper.SettableClock;
import com.github.kagkarlsson.scheduler.testhelper.TestHelper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * An order service with db-scheduler (com.github.kagkarlsson) as its outbox, on an H2 file over a HikariCP pool:
 * {@link #placeOrder} saves the order and schedules a one-time "ship" execution in one Spring transaction (the
 * scheduler's client writes through a transaction-aware proxy, so its row commits with the order); the execution's
 * handler ships the order in a transaction of its own, and db-scheduler removes the execution afterwards.
 *
 * <p>Each process builds its pool, its scheduler and its services anew and closes them when it ends. Time is a
 * {@link SettableClock} the process owns: executions are due when the clock says so, and the recovery moves its
 * clock past the dead-execution limit instead of waiting for it.
 */
public final class SchedulerShop implements AutoCloseable {

    /** How long a process waits for its asynchronous executions: a bound, never an order of events. */
    static final Duration COMPLETION_TIMEOUT = Duration.ofSeconds(30);

    /** Past db-scheduler's dead-execution limit (missed heartbeats times the heartbeat interval, 30 minutes). */
    static final Duration PAST_DEAD_EXECUTION_LIMIT = Duration.ofHours(1);

    /** db-scheduler's own writes of its execution table, outside the order's transaction (a sweep's {@code sql}). */
    public static final String EXECUTION_WRITES = "^(update|delete from) scheduled_tasks";

    /** The execution's handler, which ships the order (a sweep's {@code within}). */
    public static final String SHIPPING = "dev.deliverykit.subjects.dbscheduler.SchedulerShop#runExecution";

    /** db-scheduler's completion of an execution: a one-time task's is its removal (a sweep's {@code within}). */
    public static final String COMPLETING = "com.github.kagkarlsson.scheduler.ExecutePicked#complete";

    /** How a process runs due executions. */
    public enum Runner {
        /** On the calling thread: db-scheduler's ManualScheduler, which executes on a direct executor. */
        BLOCKING,
        /** db-scheduler's Scheduler, on its executor's threads, asked to look for due executions now. */
        ASYNCHRONOUS
    }

    private final HikariDataSource pool;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final OneTimeTask<Long> ship;
    private final SettableClock clock = new SettableClock();
    private final Shipping shipping;

    private SchedulerShop(Path dir, Shipping shipping) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("db-scheduler-shop");
        config.setJdbcUrl(url(dir));
        config.setMaximumPoolSize(4);
        config.setConnectionTimeout(10_000);
        this.pool = new HikariDataSource(config);
        this.jdbc = new JdbcTemplate(pool);
        this.tx = new TransactionTemplate(new DataSourceTransactionManager(pool));
        this.shipping = shipping;
        this.ship = Tasks.oneTime("ship", Long.class).execute(this::runExecution);
        // whole seconds: H2 keeps microseconds, and an execution time rounded up would not be due at "now"
        clock.set(Instant.now().truncatedTo(ChronoUnit.SECONDS));
        new ResourceDatabasePopulator(new ClassPathResource("db-scheduler-shop-schema.sql")).execute(pool);
    }

    /** The database's JDBC URL: commits reach the file before the commit returns (H2 delays them by default). */
    public static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    /** A process that places one order and runs its execution to the end, on the shop's database in {@code dir}. */
    public static void placeOrder(Path dir, Shipping shipping, Runner runner, String orderId, long amountCents) {
        try (SchedulerShop shop = new SchedulerShop(dir, shipping)) {
            if (runner == Runner.BLOCKING) {
                ManualScheduler scheduler = shop.manualScheduler();
                shop.save(orderId, amountCents);
                scheduler.runAnyDueExecutions();
            } else {
                Scheduler scheduler = Scheduler.create(shop.pool, shop.ship)
                        .clock(shop.clock)
                        .threads(1)
                        .pollingInterval(Duration.ofHours(1)) // due executions are looked for when asked, below
                        .build();
                scheduler.start();
                try {
                    shop.save(orderId, amountCents);
                    scheduler.triggerCheckForDueExecutions();
                    shop.awaitNoExecutionLeft();
                } finally {
                    scheduler.stop();
                }
            }
        }
    }

    /**
     * A fresh process after a crash: its clock past the dead-execution limit, it revives executions a dead process
     * had picked, then runs every due execution on its thread until none is left.
     */
    public static void recover(Path dir, Shipping shipping) {
        try (SchedulerShop shop = new SchedulerShop(dir, shipping)) {
            ManualScheduler scheduler = shop.manualScheduler();
            scheduler.tick(PAST_DEAD_EXECUTION_LIMIT);
            scheduler.runDeadExecutionDetection();
            scheduler.runAnyDueExecutions();
            shop.awaitNoExecutionLeft();
        }
    }

    /** The execution's handler: ships the order, idempotently or not, in a transaction of its own. */
    private void runExecution(TaskInstance<Long> instance, ExecutionContext context) {
        shipping.shipInTransaction(tx, jdbc, instance.getId(), instance.getData());
    }

    private ManualScheduler manualScheduler() {
        return TestHelper.createManualScheduler(pool, ship).clock(clock).build();
    }

    /** The order and its execution, in one transaction: the client writes through the transaction's connection. */
    private void save(String orderId, long amountCents) {
        SchedulerClient client = SchedulerClient.Builder.create(new TransactionAwareDataSourceProxy(pool), ship)
                .build();
        Instant now = clock.now();
        tx.executeWithoutResult(status -> {
            jdbc.update("INSERT INTO orders (order_id, amount_cents) VALUES (?, ?)", orderId, amountCents);
            client.schedule(ship.instance(orderId, amountCents), now);
        });
    }

    private void awaitNoExecutionLeft() {
        long deadline = System.nanoTime() + COMPLETION_TIMEOUT.toNanos();
        while (jdbc.queryForObject("SELECT COUNT(*) FROM scheduled_tasks", Integer.class) > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("An execution still scheduled after " + COMPLETION_TIMEOUT);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
