package dev.deliverykit.subjects.shedlock;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ShedLock (JDBC lock provider, Spring's {@code @SchedulerLock}) around an outbox relay, two instances on one H2 file,
 * ShedLock on the kit's clock: used as meant it is green; a drain that outlives {@code lockAtMostFor} sends an order
 * twice and is caught; the fenced relay is green under the same slow sends.
 */
class ShedLockRelayTest {

    static final String SEND = " statement \"INSERT INTO delivery(order_id, sent_by) VALUES (?, ?)\"";
    static final String MARK = " statement \"UPDATE outbox SET sent = TRUE WHERE order_id = ?\"";

    @TempDir
    Path reports;

    @Test
    void theLockKeepsEachOrderSingleWhileEveryDrainEndsInTime() {
        CrashTestResults results =
                CrashTestKit.reportingTo(reports).run(ShedLockRelayTestCases.TrustingRelayInTime.class);

        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
    }

    @Test
    void aDrainThatOutlivesTheLockSendsWhatItHasNotMarkedYetAgain() {
        CrashTestResults results =
                CrashTestKit.reportingTo(reports).run(ShedLockRelayTestCases.TrustingRelayOutlivesTheLock.class);

        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedContainers(0);
        // relay-a stopped anywhere between its first send and its last mark: relay-b's tick gets the expired lock
        assertThat(results.failedCases())
                .containsExactly(
                        "[5] schedule relay-a to before" + MARK + " #2 in TrustingRelay.drain, relay-b to the end,"
                                + " relay-a to the end",
                        "[6] schedule relay-a to before" + SEND + " #2 in Broker.record, relay-b to the end, relay-a"
                                + " to the end",
                        "[7] schedule relay-a to before" + MARK + " #1 in TrustingRelay.drain, relay-b to the end,"
                                + " relay-a to the end",
                        "[8] schedule relay-a to before" + SEND + " #1 in Broker.record, relay-b to the end, relay-a"
                                + " to the end");
        assertThat(assertThat(results)
                        .hasFailedCase(results.failedCases().get(0))
                        .failure()
                        .getMessage())
                .contains("""
                        [LockedRelaySweep.deliveredExactlyOnce] every order delivered exactly once: violated \
                        (checked 2 intent keys, 3 effect rows)
                          duplicate effect: 1 key
                            o-2: found 2 effects, expected exactly 1""");
    }

    @Test
    void theFencedRelayDeliversEachOrderOnceUnderTheSameSlowSends() {
        CrashTestResults results =
                CrashTestKit.reportingTo(reports).run(ShedLockRelayTestCases.FencedRelayOutlivesTheLock.class);

        assertThat(results).hasNumberOfStartedCases(23).hasNumberOfFailedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
    }

    @Test
    void aStallPastTheLockCatchesTheTrustingRelayAndNotTheFencedOne() {
        CrashTestResults trusting =
                CrashTestKit.reportingTo(reports).run(ShedLockRelayTestCases.TrustingRelayStalled.class);
        CrashTestResults fenced =
                CrashTestKit.reportingTo(reports).run(ShedLockRelayTestCases.FencedRelayStalled.class);

        // each relay stalled anywhere from its read to its last mark: the other's tick sends what it has not marked
        assertThat(trusting)
                .hasNumberOfStartedCases(38)
                .hasNumberOfFailedCases(16)
                .hasNumberOfFailedContainers(0);
        assertThat(trusting.failedCases())
                .startsWith("[8] stall relay-a at after statement \"SELECT order_id FROM outbox WHERE sent = FALSE"
                        + " ORDER BY order_id\" #1 in TrustingRelay.drain for 31 s, relay-b to the end, relay-a to"
                        + " the end")
                .endsWith("[33] stall relay-b at before" + MARK + " #2 in TrustingRelay.drain for 31 s, relay-a to"
                        + " the end, relay-b to the end");
        assertThat(assertThat(trusting)
                        .hasFailedCase(trusting.failedCases().get(0))
                        .failure()
                        .getMessage())
                .contains("    o-1: found 2 effects, expected exactly 1\n    o-2: found 2 effects, expected exactly 1");
        assertThat(fenced).hasNumberOfStartedCases(46).hasNumberOfFailedCases(0).hasNumberOfFailedContainers(0);
    }
}
