package dev.deliverykit.subjects.shedlock;

import java.util.List;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The relay that does not trust the lock with correctness: per row, ONE transaction marks the row sent only if it is
 * still unsent and, only then, sends it (the broker writes in the same database). A drain that outlived
 * {@code lockAtMostFor} finds the rows the next holder sent already marked and skips them: ShedLock only saves the
 * instances from doing the same work at once.
 */
class FencedRelay implements OutboxRelay {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final Broker broker;
    private final String instanceName;

    FencedRelay(JdbcTemplate jdbc, TransactionTemplate tx, Broker broker, String instanceName) {
        this.jdbc = jdbc;
        this.tx = tx;
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
            tx.executeWithoutResult(status -> {
                if (jdbc.update("UPDATE outbox SET sent = TRUE WHERE order_id = ? AND sent = FALSE", orderId) == 1) {
                    broker.send(jdbc, orderId, instanceName);
                }
            });
        }
    }
}
