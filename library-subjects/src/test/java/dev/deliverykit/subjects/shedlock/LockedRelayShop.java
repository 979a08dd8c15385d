package dev.deliverykit.subjects.shedlock;

import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One instance of an order service whose outbox relay is a Spring {@code @Scheduled} method under ShedLock's
 * {@code @SchedulerLock}, with ShedLock's JDBC lock provider, on an H2 file that every instance shares: the
 * {@code outbox} rows to send, the {@code delivery} table the broker writes, and ShedLock's {@code shedlock} table.
 *
 * <p>Each instance is a Spring context of its own. Scheduling itself is not enabled: the test calls the relay as the
 * scheduler's tick would, through the same ShedLock proxy, so the kit decides when each instance drains. ShedLock
 * reads the time from its {@code ClockProvider}, which the test sets to the kit's clock; with
 * {@code usingDbTime()} it would read the database's clock instead, which the kit cannot move.
 */
final class LockedRelayShop implements AutoCloseable {

    /** How long ShedLock keeps the relay's lock when its holder never releases it. */
    static final String LOCK_AT_MOST_FOR = "30s";

    private final AnnotationConfigApplicationContext context;

    private LockedRelayShop(AnnotationConfigApplicationContext context) {
        this.context = context;
    }

    /** An instance named {@code instance} on the shop in {@code dir}, its relay {@code relay}, sending to {@code broker}. */
    static LockedRelayShop start(Path dir, String instance, Class<? extends OutboxRelay> relay, Broker broker) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean("shopDirectory", Path.class, () -> dir);
        context.registerBean("instanceName", String.class, () -> instance);
        context.registerBean(Broker.class, () -> broker);
        context.register(Wiring.class, relay);
        context.refresh();
        return new LockedRelayShop(context);
    }

    static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop").toAbsolutePath() + ";LOCK_TIMEOUT=10000";
    }

    /** Creates the tables and adds one unsent outbox row per order. */
    static void seed(Path dir, List<String> orderIds) {
        JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url(dir)));
        jdbc.execute("CREATE TABLE outbox(order_id VARCHAR(64) PRIMARY KEY, sent BOOLEAN NOT NULL)");
        jdbc.execute("CREATE TABLE delivery(id BIGINT AUTO_INCREMENT PRIMARY KEY, order_id VARCHAR(64) NOT NULL,"
                + " sent_by VARCHAR(64) NOT NULL)");
        // ShedLock's table, as its documentation gives it
        jdbc.execute("CREATE TABLE shedlock(name VARCHAR(64) NOT NULL PRIMARY KEY, lock_until TIMESTAMP(3) NOT NULL,"
                + " locked_at TIMESTAMP(3) NOT NULL, locked_by VARCHAR(255) NOT NULL)");
        orderIds.forEach(id -> jdbc.update("INSERT INTO outbox(order_id, sent) VALUES (?, FALSE)", id));
    }

    /** One tick of the relay's schedule: drains the outbox if this instance gets ShedLock's lock. */
    void tick() {
        context.getBean(OutboxRelay.class).drain();
    }

    @Override
    public void close() {
        context.close();
    }

    /** The beans every instance has; the relay's class is registered beside them. */
    @Configuration(proxyBeanMethods = false)
    @EnableSchedulerLock(defaultLockAtMostFor = LOCK_AT_MOST_FOR)
    static class Wiring {

        @Bean
        DataSource dataSource(Path shopDirectory) {
            return new DriverManagerDataSource(url(shopDirectory));
        }

        @Bean
        JdbcTemplate jdbcTemplate(DataSource dataSource) {
            return new JdbcTemplate(dataSource);
        }

        @Bean
        TransactionTemplate transactionTemplate(DataSource dataSource) {
            return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        }

        @Bean
        LockProvider lockProvider(JdbcTemplate jdbcTemplate, String instanceName) {
            return new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
                    .withJdbcTemplate(jdbcTemplate)
                    .withLockedByValue(instanceName)
                    .build());
        }
    }
}
