package dev.deliverykit.spring;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.spring.TwoResubmittingInstancesTestCases.IdempotentListenerTestCases;
import dev.deliverykit.spring.TwoResubmittingInstancesTestCases.NaiveListenerTestCases;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spring Modulith 2.0's resubmission of an incomplete publication by two application instances on one database,
 * swept over their interleavings. Modulith claims the publication before delivering it (its status set to
 * RESUBMITTED where it is not RESUBMITTED yet), but its delivery moves the status on to PROCESSING and COMPLETED, and
 * neither refuses the other instance's claim: an instance that found the publication incomplete delivers it again
 * unless its claim falls while the first one's RESUBMITTED mark stands. A listener that ships blindly ships twice; the
 * idempotent listener ships once in every schedule.
 */
class TwoResubmittingInstancesTests {

    private static final String SHIPPING = " in NaiveShipping.on";
    private static final String RESUBMIT = " in TwoResubmittingInstances.resubmit";
    private static final String SELECT = "statement \"SELECT ID, COMPLETION_DATE, EVENT_TYPE, LISTENER_ID,"
            + " PUBLICATION_DATE, SERIALIZED_EVENT, STATUS, COMPLETION_ATTEMPTS, LAST_RESUBMISSION_DATE FROM"
            + " EVENT_PUBLICATION WHERE COMPLETION_DATE IS NULL OR STATUS != 'COMPLETED' ORDER BY PUBLICATION_DATE"
            + " ASC\" #1";
    private static final String CLAIM = "statement \"UPDATE EVENT_PUBLICATION SET STATUS = 'RESUBMITTED',"
            + " COMPLETION_ATTEMPTS = COMPLETION_ATTEMPTS + 1, LAST_RESUBMISSION_DATE = ? WHERE ID = ? AND STATUS !="
            + " 'RESUBMITTED'\" #1";
    private static final String PROCESSING =
            "statement \"UPDATE EVENT_PUBLICATION SET STATUS = 'PROCESSING' WHERE ID = ? AND STATUS != 'PROCESSING'\" #1";
    private static final String SHIP = "statement \"INSERT INTO shipment (order_id, amount_cents) VALUES (?, ?)\" #1";
    private static final String COMPLETE =
            "statement \"UPDATE EVENT_PUBLICATION SET STATUS = 'COMPLETED', COMPLETION_DATE = ? WHERE ID = ?\" #1";
    private static final String A_THEN_B = ", app-b to the end, app-a to the end";
    private static final String B_THEN_A = ", app-a to the end, app-b to the end";
    private static final String CLAIMED_AFTER_COMPLETION = "schedule app-a to before " + CLAIM + RESUBMIT + A_THEN_B;

    @TempDir
    Path reports;

    @Test
    void bothInstancesDeliverThePublicationUnlessOneClaimsWhileTheOthersResubmittedMarkStands() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NaiveListenerTestCases.class);

        assertThat(results).hasNumberOfStartedCases(19).hasNumberOfFailedCases(10);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
        // one instance held anywhere from its PROCESSING mark's commit to its completion's commit, or after its
        // read of the publication and before its claim, while the other resubmits from start to end
        assertThat(results.failedCases())
                .containsExactly(
                        "[3] schedule app-a to before commit #5" + SHIPPING + A_THEN_B,
                        "[4] schedule app-a to before " + COMPLETE + SHIPPING + A_THEN_B,
                        "[5] schedule app-a to before commit #4" + SHIPPING + A_THEN_B,
                        "[6] schedule app-a to before " + SHIP + SHIPPING + A_THEN_B,
                        "[10] " + CLAIMED_AFTER_COMPLETION,
                        "[12] schedule app-b to after " + SELECT + RESUBMIT + B_THEN_A,
                        "[16] schedule app-b to after commit #3" + SHIPPING + B_THEN_A,
                        "[17] schedule app-b to after " + SHIP + SHIPPING + B_THEN_A,
                        "[18] schedule app-b to after commit #4" + SHIPPING + B_THEN_A,
                        "[19] schedule app-b to after " + COMPLETE + SHIPPING + B_THEN_A);
        // the other's claim holds it off only while its RESUBMITTED mark stands: held after the claim's commit, or
        // before the PROCESSING mark's commit
        assertThat(results.succeededCases())
                .contains(
                        "[7] schedule app-a to before commit #3" + SHIPPING + A_THEN_B,
                        "[8] schedule app-a to before " + PROCESSING + SHIPPING + A_THEN_B,
                        "[14] schedule app-b to after commit #2" + RESUBMIT + B_THEN_A);
        assertThat(results)
                .hasFailedCase("[10] " + CLAIMED_AFTER_COMPLETION)
                .withMessage("1 of 2 invariants declared with @CheckInvariant violated after "
                        + CLAIMED_AFTER_COMPLETION + ":\n"
                        + "[TwoResubmittingInstances.shippedExactlyOnce] every order shipped exactly once: violated"
                        + " (checked 1 intent key, 2 effect rows)\n"
                        + "  duplicate effect: 1 key\n"
                        + "    o-1: found 2 effects, expected exactly 1\n"
                        + "\n"
                        + "Timeline, a turn a line:\n"
                        + "app-a  to before " + CLAIM + RESUBMIT + "\n"
                        + "app-b  to the end\n"
                        + "app-a  to the end\n"
                        + "\n"
                        + "DeliveryKit case: " + CLAIMED_AFTER_COMPLETION + "\n"
                        + "Replay only this case: -Ddeliverykit.replay='schedule=app-a:5,app-b:21,app-a:16'");
    }

    @Test
    void theIdempotentListenerShipsOnceInEverySchedule() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(IdempotentListenerTestCases.class);

        // two points more than the naive listener's: its processed-order statement, in each instance
        assertThat(results).hasNumberOfStartedCases(21).hasNumberOfFailedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0).hasNumberOfAbortedCases(0);
    }
}
