package dev.deliverykit.subjects.modulith;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.modulith.events.IncompleteEventPublications;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * A Spring Boot 4 application with Spring Modulith's JDBC event publication registry on an H2 file, started the way
 * production starts it (settings as command-line arguments), once per process: {@link #placeOrder} is the workload
 * of a process that may die anywhere, {@link #recover} the fresh process after it.
 */
public final class ModulithShop {

    /** How long a process waits for its asynchronous listener to finish: a bound, never an order of events. */
    static final Duration COMPLETION_TIMEOUT = Duration.ofSeconds(30);

    /** The order's transaction, on the thread that places it (a sweep's {@code within}). */
    public static final String PLACING = "dev.deliverykit.subjects.modulith.ModulithShop#placeAndDeliver";

    /**
     * Modulith's delivery of a publication to its listener on the task executor: its "processing" mark, the listener's
     * transaction and its completion (a sweep's {@code within}).
     */
    public static final String DELIVERING = "org.springframework.modulith.events.support.CompletionRegisteringAdvisor"
            + "$CompletionRegisteringMethodInterceptor#invoke";

    /** Modulith's marks of a publication, "processing" and "completed", each a transaction of its own. */
    public static final String MARKING = "org.springframework.modulith.events.support.CompletionRegisteringAdvisor"
            + "$CompletionRegisteringMethodInterceptor#registerStateTransition";

    private ModulithShop() {}

    /** The listener a shop runs with. */
    public enum Listener {
        IDEMPOTENT(CorrectShop.class),
        NAIVE(NaiveShop.class);

        private final Class<?> application;

        Listener(Class<?> application) {
            this.application = application;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @EnableAsync
    static class CorrectShop {
        @Bean
        OrderService orderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
            return new OrderService(jdbc, events);
        }

        @Bean
        IdempotentShipping shipping(JdbcTemplate jdbc) {
            return new IdempotentShipping(jdbc);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    @EnableAsync
    static class NaiveShop {
        @Bean
        OrderService orderService(JdbcTemplate jdbc, ApplicationEventPublisher events) {
            return new OrderService(jdbc, events);
        }

        @Bean
        NaiveShipping shipping(JdbcTemplate jdbc) {
            return new NaiveShipping(jdbc);
        }
    }

    /** The database's JDBC URL: commits reach the file before the commit returns (H2 delays them by default). */
    public static String url(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("shop") + ";WRITE_DELAY=0";
    }

    /** Starts the application on the shop's database in {@code dir}. */
    public static ConfigurableApplicationContext start(Path dir, Listener listener) {
        return new SpringApplicationBuilder(listener.application)
                .web(WebApplicationType.NONE)
                .registerShutdownHook(false)
                .logStartupInfo(false)
                .run(
                        "--spring.main.banner-mode=off",
                        "--spring.datasource.url=" + url(dir),
                        "--spring.datasource.hikari.maximum-pool-size=4",
                        "--spring.datasource.hikari.minimum-idle=1",
                        "--spring.sql.init.mode=always",
                        "--spring.sql.init.schema-locations=classpath:modulith-shop-schema.sql",
                        "--spring.modulith.events.jdbc.schema-initialization.enabled=true",
                        "--logging.level.root=OFF"); // a dying process logs its refused calls; the kit reports the case
    }

    /** A process that places one order and waits until its listener has shipped it and Modulith completed it. */
    public static void placeOrder(Path dir, Listener listener, String orderId, long amountCents) {
        try (ConfigurableApplicationContext shop = start(dir, listener)) {
            placeAndDeliver(shop, orderId, amountCents);
        }
    }

    /** Places the order and waits for its delivery: the part of a process the sweeps crash (not its start or close). */
    static void placeAndDeliver(ConfigurableApplicationContext shop, String orderId, long amountCents) {
        shop.getBean(OrderService.class).placeOrder(orderId, amountCents);
        awaitNoIncompletePublication(shop);
    }

    /** A fresh process after a crash: resubmits every incomplete publication and waits until all are completed. */
    public static void recover(Path dir, Listener listener) {
        try (ConfigurableApplicationContext shop = start(dir, listener)) {
            shop.getBean(IncompleteEventPublications.class).resubmitIncompletePublications(publication -> true);
            awaitNoIncompletePublication(shop);
        }
    }

    private static void awaitNoIncompletePublication(ConfigurableApplicationContext shop) {
        JdbcTemplate jdbc = shop.getBean(JdbcTemplate.class);
        awaitDurable(
                () -> jdbc.queryForObject(
                                "SELECT COUNT(*) FROM event_publication WHERE completion_date IS NULL", Integer.class)
                        == 0,
                "every event publication completed");
    }

    /** Polls durable state until it holds, for at most {@link #COMPLETION_TIMEOUT}. */
    static void awaitDurable(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + COMPLETION_TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Not within " + COMPLETION_TIMEOUT + ": " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }
}
