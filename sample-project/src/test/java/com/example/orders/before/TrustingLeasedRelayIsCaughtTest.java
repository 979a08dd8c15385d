package com.example.orders.before;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.MessageHandler;
import com.example.orders.crash.TwoLeasedRelays;
import com.example.orders.db.Database;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * The proof that a pause past the lease is caught: two replicas of {@link TrustingLeasedOutboxRelay}, one stalled for
 * 31 s (past its 30 s lease) after each of its transactions while the other runs to its end, then carrying on. Where the
 * stalled replica holds a claim and has not sent everything it claimed, the other takes the expired claim over and
 * sends, and the stalled one sends again: the broker gets the message twice. The fixed relay passes the same sweep
 * ({@code com.example.orders.crash.LeasedOutboxRelayStallTest}). The test prints the first failure.
 */
class TrustingLeasedRelayIsCaughtTest {

    static final Path REPORT_DIR = Path.of("target", "deliverykit", "trusting-lease");

    /** The stall sweep against the relay that trusts its lease. Fails on purpose: run only by the test below. */
    @CrashTestKitOnly
    static class TrustingRelays extends TwoLeasedRelays {
        @Override
        protected IntSupplier relay(Database orderDb, MessageHandler broker, String relayId, Clock clock) {
            return new TrustingLeasedOutboxRelay(orderDb, broker, relayId, clock)::publishPending;
        }
    }

    @Test
    void aReplicaStalledPastItsLeaseSendsWhatTheOtherTookOverAndIsCaught() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(TrustingRelays.class);

        assertThat(results).hasNumberOfStartedCases(12).hasNumberOfFailedCases(8);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
        // after every transaction of a replica but its last: its claim, each send and each mark but the last
        assertThat(results.failedCases())
                .extracting(name -> name.substring(0, name.indexOf(']') + 1))
                .containsExactly("[3]", "[4]", "[5]", "[6]", "[8]", "[9]", "[10]", "[11]");
        String first = results.failedCases().get(0);
        String firstFailure = assertThat(results).hasFailedCase(first).failure().getMessage();
        assertThat(firstFailure)
                .isEqualTo(MarkFirstRelayIsCaughtTest.expected("trusting-lease-failure.txt", firstFailure));

        System.out.println(
                "\nTwo replicas of a fourth \"before\" relay, com.example.orders.before.TrustingLeasedOutboxRelay,"
                        + " which claims with a 30 s lease and then trusts it, one stalled for 31 s after each of its transactions"
                        + " by TrustingLeasedRelayIsCaughtTest:\n"
                        + results.failedCases().size() + " of "
                        + results.startedCases().size() + " cases fail, as they"
                        + " should: the other replica took the expired claim over and sent, and the stalled one sent the same"
                        + " messages again when it carried on. No crash shows this: a dead replica never comes back. One of"
                        + " them, as the kit reports it:\n\n"
                        + firstFailure
                        + "\n\nIts crash report: "
                        + REPORT_DIR.resolve("report.html").toAbsolutePath());
    }
}
