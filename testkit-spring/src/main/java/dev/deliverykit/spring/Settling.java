package dev.deliverykit.spring;

import dev.deliverykit.boundary.KitCalls;
import java.sql.ResultSetMetaData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.util.ClassUtils;

/**
 * Whether an application has settled: its task executors idle and, with Spring Modulith's JDBC registry, no event
 * publication it stored still in flight. The registry is read with plain queries outside any transaction, and
 * unobserved ({@link KitCalls}): the wait is the kit's, not the application's, so no case crashes at it and the cases
 * of a sweep do not depend on how often it polled (the registry's own finder would also commit a read-only
 * transaction).
 */
final class Settling {

    private static final String REGISTRY = "org.springframework.modulith.events.core.EventPublicationRepository";

    /** Modulith's JDBC registries (one per schema version) live here; the bean is a proxy of one of them. */
    private static final String JDBC_REGISTRIES = "org.springframework.modulith.events.jdbc.";

    /** The wait's read; package-private so that a test can tell it from the application's statements. */
    static final String IN_FLIGHT = "SELECT * FROM EVENT_PUBLICATION WHERE COMPLETION_DATE IS NULL";

    private static final String READ_OPERATION = "SpringProcess's wait (reading EVENT_PUBLICATION)";

    private final ConfigurableApplicationContext application;
    private final JdbcTemplate registryTable;

    /** The publications already incomplete when the process started: an earlier process's. */
    private final Set<String> leftOver;

    /** The wait of a process just started: what its registry holds incomplete now is an earlier process's. */
    Settling(ConfigurableApplicationContext application) {
        this.application = application;
        this.registryTable = registryTable(application);
        this.leftOver = registryTable == null
                ? Set.of()
                : incomplete().stream().map(Publication::id).collect(Collectors.toUnmodifiableSet());
    }

    private static JdbcTemplate registryTable(ConfigurableApplicationContext application) {
        ClassLoader loader = application.getClassLoader();
        if (!ClassUtils.isPresent(REGISTRY, loader) || application.getBeanNamesForType(DataSource.class).length != 1) {
            return null;
        }
        boolean jdbcRegistry =
                application.getBeansOfType(ClassUtils.resolveClassName(REGISTRY, loader)).values().stream()
                        .anyMatch(registry -> AopProxyUtils.ultimateTargetClass(registry)
                                .getName()
                                .startsWith(JDBC_REGISTRIES));
        if (!jdbcRegistry) {
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

    /**
     * The incomplete publications this process stored and did not give up on (FAILED). Those left incomplete by an
     * earlier process are not waited for here: a recovery's resubmission hands them to an executor, which the wait
     * sees, and one that nothing resubmits would keep the wait to its limit.
     */
    private List<String> publicationsInFlight() {
        return incomplete().stream()
                .filter(publication -> !leftOver.contains(publication.id()) && !"FAILED".equals(publication.status()))
                .map(Publication::describe)
                .toList();
    }

    private List<Publication> incomplete() {
        List<Publication> incomplete = new ArrayList<>();
        KitCalls.unobserved(
                READ_OPERATION,
                () -> registryTable.query(IN_FLIGHT, rows -> {
                    ResultSetMetaData meta = rows.getMetaData();
                    boolean hasStatus = false;
                    for (int column = 1; column <= meta.getColumnCount(); column++) {
                        hasStatus |= meta.getColumnLabel(column).equalsIgnoreCase("STATUS");
                    }
                    incomplete.add(new Publication(
                            rows.getString("ID"),
                            rows.getString("LISTENER_ID"),
                            hasStatus ? rows.getString("STATUS") : null));
                }));
        return incomplete;
    }

    /** An incomplete event publication; {@code status} is null in Modulith's first schema, which has none. */
    private record Publication(String id, String listener, String status) {
        String describe() {
            return "event publication " + id + " to " + listener + " is incomplete"
                    + (status == null ? "" : " (" + status + ")");
        }
    }
}
