package dev.deliverykit.subjects.shedlock;

import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * The relay as ShedLock's documentation suggests writing it: the lock makes it the only one draining, so it reads the
 * unsent rows, sends each and marks it sent, trusting that no other instance does the same meanwhile. True while the
 * drain ends within {@code lockAtMostFor}; when a send outlasts it (a slow broker, a GC pause), ShedLock hands the
 * lock to the next instance's tick, which sends the rows this drain has not marked yet, and then this one sends and
 * marks them again.
 */
class TrustingRelay implements OutboxRelay {

    private final JdbcTemplate jdbc;
    private final Broker broker;
    private final String instanceName;

    TrustingRelay(JdbcTemplate jdbc, Broker broker, String instanceName) {
        this.jdbc = jdbc;
        this.broker = broker;
        this.instanceName = instanceName;
    }

    @Override
    @Scheduled(fixedDelayString = "PT10S")
    @SchedulerLock(name = "outbox-relay", lockAtMostFor = LockedRelayShop.LOCK_AT_MOST_FOR)
    public void drain() {
        List<String> unsent =
                jdbc.queryForList("SELECT order_id FROM outbox WHERE sent = FALSE ORDER BY order_id", String.class);
        for (String orderId : unsent) {
            broker.send(jdbc, orderId, instanceName);
            jdbc.update("UPDATE outbox SET sent = TRUE WHERE order_id = ?", orderId);
        }
    }
}
