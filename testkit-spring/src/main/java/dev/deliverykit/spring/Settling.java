package dev.deliverykit.spring;

import java.sql.ResultSetMetaData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.util.ClassUtils;

/**
 * Whether an application has settled: its task executors idle and, with Spring Modulith's JDBC registry, no event
 * publication in flight. The registry is read with plain queries outside any transaction, so that the wait adds no
 * commit to the case's boundaries (the registry's own finder commits a read-only transaction).
 */
final class Settling {

    private static final String JDBC_REGISTRY =
            "org.springframework.modulith.events.jdbc.JdbcEventPublicationRepository";

    private final ConfigurableApplicationContext application;
    private final JdbcTemplate registryTable;

    Settling(ConfigurableApplicationContext application) {
        this.application = application;
        this.registryTable = registryTable(application);
    }

    private static JdbcTemplate registryTable(ConfigurableApplicationContext application) {
        ClassLoader loader = application.getClassLoader();
        if (!ClassUtils.isPresent(JDBC_REGISTRY, loader)) {
            return null;
        }
        Class<?> repository = ClassUtils.resolveClassName(JDBC_REGISTRY, loader);
        if (application.getBeanNamesForType(repository).length == 0
                || application.getBeanNamesForType(DataSource.class).length != 1) {
            return null;
        }
        return new JdbcTemplate(application.getBean(DataSource.class));
    }

    /** Resubmits Spring Modulith's incomplete publications, as a restarted application's operator does. */
    void resubmitIncompletePublications() {
        if (ClassUtils.isPresent("org.springframework.modulith.events.IncompleteEventPublications", null)) {
            ModulithResubmission.resubmit(application);
        }
    }

    /** Waits until the application is found settled twice in a row, for at most {@code limit}. */
    void await(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        int quiet = 0;
        while (true) {
            List<String> busy = busy();
            quiet = busy.isEmpty() ? quiet + 1 : 0;
            if (quiet == 2) {
                return;
            }
            if (!busy.isEmpty() && System.nanoTime() > deadline) {
                throw new IllegalStateException(SpringMessages.notSettled(limit, busy));
            }
            SpringProcess.park();
        }
    }

    /** What is still busy: executors first, and the registry only once they are idle. */
    List<String> busy() {
        List<String> busy = new ArrayList<>();
        application.getBeansOfType(ThreadPoolTaskExecutor.class).forEach((name, executor) -> {
            ThreadPoolExecutor pool = executor.getThreadPoolExecutor();
            int running = pool.getActiveCount();
            int queued = pool.getQueue().size();
            if (running > 0 || queued > 0) {
                busy.add("task executor '" + name + "' has " + running + " running and " + queued + " queued tasks");
            }
        });
        if (busy.isEmpty() && registryTable != null) {
            busy.addAll(publicationsInFlight());
        }
        return busy;
    }

    private List<String> publicationsInFlight() {
        List<String> inFlight = new ArrayList<>();
        registryTable.query("SELECT * FROM EVENT_PUBLICATION WHERE COMPLETION_DATE IS NULL", rows -> {
            ResultSetMetaData meta = rows.getMetaData();
            boolean hasStatus = false;
            for (int column = 1; column <= meta.getColumnCount(); column++) {
                hasStatus |= meta.getColumnLabel(column).equalsIgnoreCase("STATUS");
            }
            String status = hasStatus ? rows.getString("STATUS") : null;
            if (!"FAILED".equals(status)) {
                inFlight.add("event publication " + rows.getString("ID") + " to " + rows.getString("LISTENER_ID")
                        + " is incomplete" + (status == null ? "" : " (" + status + ")"));
            }
        });
        return inFlight;
    }
}
