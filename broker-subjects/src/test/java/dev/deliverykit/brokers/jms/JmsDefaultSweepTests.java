package dev.deliverykit.brokers.jms;

import static dev.deliverykit.brokers.SweepCases.INBOX;
import static dev.deliverykit.brokers.SweepCases.SHIPMENT;
import static dev.deliverykit.brokers.SweepCases.SHIP_ONCE;
import static dev.deliverykit.brokers.SweepCases.concat;
import static dev.deliverykit.brokers.SweepCases.inChildJvms;
import static dev.deliverykit.brokers.SweepCases.numbered;
import static dev.deliverykit.brokers.SweepCases.withRecording;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.brokers.jms.JmsDefaultSweepTestCases.CorrectPipelineTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default sweep, nothing named and nothing exhaustive, of the correct pipeline over the real broker: green at
 * every point in both modes, with exactly these cases. The points are the same in both modes; in a child JVM more of
 * them are equivalent (a real exit runs no code after the crash), and the relay's first connection, which loads the
 * client's native transport in a fresh JVM, does not tell the crash before the relay's schema from the one after its
 * database's settings.
 */
class JmsDefaultSweepTests {

    static final String OPEN = " in Sqlite.open";
    static final String ORDERS =
            " statement \"CREATE TABLE IF NOT EXISTS orders(order_id TEXT \u2026\" #1 in OrderService.<init>";
    static final String OUTBOX =
            " statement \"CREATE TABLE IF NOT EXISTS outbox_message(messag\u2026\" #1 in OrderService.<init>";
    static final String SHIPMENT_TABLE =
            " statement \"CREATE TABLE IF NOT EXISTS shipment(message_id T\u2026\" #1 in Shipments.<init>";
    static final String INBOX_TABLE =
            " statement \"CREATE TABLE IF NOT EXISTS inbox(message_id TEXT\u2026\" #1 in Shipments.<init>";
    static final String UNPUBLISHED =
            " statement \"SELECT message_id, order_id, payload FROM outbox\u2026\" #1 in Outbox.unpublished";
    static final String SEND = " JMS send #1 in JmsOutboxRelay.publishPending (via ActiveMQMessageProducer.send)";
    static final String MARK =
            " statement \"UPDATE outbox_message SET published_at = ? WHERE\u2026\" #1" + " in Outbox.markPublished";
    static final String MARK_COMMIT = " commit #1 in Outbox.markPublished";
    static final String SESSION_COMMIT =
            " JMS session commit #1 in InboxJmsShipping.drain (via ActiveMQSession.commit)";

    /** The crash points of this JVM: every point but those equivalent to the one before with the same calls. */
    static final List<String> IN_PROCESS_POINTS = concat(
            concat(
                    opened(1, true),
                    List.of(
                            "crash before" + ORDERS,
                            "crash after" + ORDERS,
                            "crash after" + OUTBOX,
                            "crash before" + UNPUBLISHED,
                            "crash before" + SEND,
                            "crash after" + SEND,
                            "crash before" + MARK,
                            "crash after" + MARK_COMMIT)),
            concat(
                    opened(2, true),
                    List.of(
                            "crash before" + SHIPMENT_TABLE,
                            "crash after" + SHIPMENT_TABLE,
                            "crash after" + INBOX_TABLE,
                            "crash before" + INBOX,
                            "crash before" + SHIPMENT,
                            "crash before" + SHIP_ONCE,
                            "crash after" + SHIP_ONCE,
                            "crash before" + SESSION_COMMIT,
                            "crash after" + SESSION_COMMIT)));

    /** The crash points of child JVMs: one per change of the databases or the broker. */
    static final List<String> CHILD_POINTS = concat(
            concat(
                    opened(1, true),
                    List.of(
                            "crash after" + ORDERS,
                            "crash after" + OUTBOX,
                            "crash after" + SEND,
                            "crash after" + MARK_COMMIT)),
            concat(
                    opened(2, false),
                    List.of(
                            "crash after" + SHIPMENT_TABLE,
                            "crash after" + INBOX_TABLE,
                            "crash after" + SHIP_ONCE,
                            "crash after" + SESSION_COMMIT)));

    @TempDir
    Path reports;

    @Test
    void theDefaultSweepOfTheCorrectPipelineIsGreenAtEveryPointInBothModes() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(CorrectPipelineTestCases.class);

        assertThat(results.startedCases()).hasSize(42).containsExactlyElementsOf(cases());
        assertThat(results.failedCases()).isEmpty();
        assertThat(results.abortedCases()).isEmpty();
        assertThat(results.containerFailures()).isEmpty();
    }

    static List<String> cases() {
        return numbered(concat(withRecording(IN_PROCESS_POINTS), inChildJvms(withRecording(CHILD_POINTS))));
    }

    /** A process's {@code Sqlite.open}, its {@code hit}th: its three settings, each a change. */
    private static List<String> opened(int hit, boolean crashBefore) {
        String wal = " statement \"PRAGMA journal_mode=WAL\" #" + hit + OPEN;
        List<String> after = List.of(
                "crash after" + wal,
                "crash after statement \"PRAGMA synchronous=FULL\" #" + hit + OPEN,
                "crash after statement \"PRAGMA busy_timeout=5000\" #" + hit + OPEN);
        return crashBefore ? concat(List.of("crash before" + wal), after) : after;
    }
}
