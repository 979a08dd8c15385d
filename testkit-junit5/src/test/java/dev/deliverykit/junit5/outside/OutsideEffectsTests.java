package dev.deliverykit.junit5.outside;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a relay sends outside the databases is a change the default sweep keeps apart, and what a dead process would
 * still send is stopped: the crash between a send and its mark is swept without naming the send, and both modes agree.
 */
class OutsideEffectsTests {

    @TempDir
    Path reports;

    private CrashTestResults run(Class<?> fixture) {
        return CrashTestKit.reportingTo(reports).run(fixture);
    }

    @Test
    void theDefaultSweepCrashesBetweenTheSendAndItsMarkAndANaiveConsumerShipsTwice() {
        CrashTestResults results = run(OutsideEffectsTestCases.NaiveConsumerTestCases.class);

        assertThat(results).hasNumberOfStartedCases(13).hasNumberOfSucceededCases(10);
        assertThat(results.failedCases())
                .containsExactly(
                        "[6] crash before statement \"UPDATE outbox SET sent = 1 WHERE order_id = ?\" #1 in Orders.update",
                        "[7] crash before commit #1 in Orders.markSent",
                        "[12] crash before statement \"UPDATE outbox SET sent = 1 WHERE order_id = ?\" #1 in"
                                + " Orders.update (child JVM)");
        assertThat(results)
                .hasFailedCase("[12] crash before statement \"UPDATE outbox SET sent = 1 WHERE order_id = ?\" #1 in"
                        + " Orders.update (child JVM)")
                .withMessage("[shipments of o-1] \n"
                        + "expected: 1L\n"
                        + " but was: 2L\n"
                        + "\n"
                        + "DeliveryKit case: crash before statement \"UPDATE outbox SET sent = 1 WHERE order_id = ?\""
                        + " #1 in Orders.update (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=before-statement=UPDATE outbox SET"
                        + " sent = 1 WHERE order_id = ?;within=dev.deliverykit.junit5.outside.Orders#update;hit=1;"
                        + "mode=child-process'");
        assertThat(reports.resolve("report.html"))
                .content()
                .contains("Sweep, in process: 10 crash points in 7 classes of equivalent points: 7 cases run, 3"
                        + " pruned; sent outside the JVM (each a change between crash points): file write on thread"
                        + " main (2 times).")
                .contains("Sweep, child JVM: 10 crash points in 4 classes of equivalent points: 4 cases run, 6"
                        + " pruned; sent outside the JVM (each a change between crash points): file write on thread"
                        + " main (2 times).");
    }

    @Test
    void theDeduplicatingTwinPassesInBothModes() {
        CrashTestResults results = run(OutsideEffectsTestCases.DeduplicatingConsumerTestCases.class);

        assertThat(results).hasNumberOfStartedCases(13).hasNumberOfSucceededCases(13);
    }

    @Test
    void aFireAndForgetRelayLosesTheOrderItMarkedBeforeItsFlushInBothModes() {
        CrashTestResults results = run(OutsideEffectsTestCases.FireAndForgetRelayTestCases.class);

        // In this JVM the sender thread goes on after the death, woken by the finally block's flush: its send is
        // refused (when, after the case or during it, is the scheduler's choice, so its line is not pinned here).
        // The sender thread's write is a change on a second thread: the order of changes is not fixed, nothing pruned.
        assertThat(results).hasNumberOfStartedCases(22).hasNumberOfSucceededCases(20);
        assertThat(results.failedCases())
                .containsExactly(
                        "[11] crash after commit #1 in Orders.markSent",
                        "[22] crash after commit #1 in Orders.markSent (child JVM)");
    }

    @Test
    void anOffsetCommittedInAFinallyBlockIsNotCommittedByADeadProcessInEitherMode() {
        CrashTestResults results = run(OutsideEffectsTestCases.OffsetCommittedInFinallyTestCases.class);

        assertThat(results).hasNumberOfStartedCases(7).hasNumberOfSucceededCases(7);
        assertThat(results.afterDeathOf("[3] crash before commit #1 in Shipping.ship"))
                .map(line -> line.replaceAll("java:[0-9]+", "java:N"))
                .containsExactly("file write on thread main at"
                        + " dev.deliverykit.junit5.outside.FileBroker.commitOffset(FileBroker.java:N) was refused");
    }
}
