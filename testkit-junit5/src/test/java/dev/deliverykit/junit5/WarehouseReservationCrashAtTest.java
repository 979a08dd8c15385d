package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.fixtures.ExactlyOnceFailures.invariantFailure;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The warehouse reservation's crash matrix (protocols.md section 1) through {@code @CrashAt}: each protocol's test names the
 * five boundaries and declares "exactly once per key" with {@code @CheckInvariant}, asserting nothing itself;
 * the broken protocols fail exactly at their bold cells, the correct one passes everywhere.
 */
class WarehouseReservationCrashAtTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "MARK_FIRST")
    static class MarkFirstTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "WITHOUT_DEDUP")
    static class WithoutDedupTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceiptTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt({"before-submit", "before-send", "after-reserve", "after-send", "after-deliver"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "MARK_FIRST")
    static class MarkFirstRepeatedTestCases {
        @CrashAt({"before-submit", "before-send"})
        @CrashAt(selector = "after-commit", occurrence = 4)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @Test
    void markFirstLosesTheIntentOnlyWhenItDiesBeforeTheSend() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkFirstTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(4)
                .hasNumberOfFailedCases(1)
                .hasNumberOfAbortedCases(0)
                .hasNumberOfSkippedCases(0);
        assertThat(results)
                .hasFailedCase("[2] crash at before-send #1")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(invariantFailure(
                        "MarkFirstTestCases",
                        "before-send",
                        "1 intent key, 0 effect rows",
                        "  lost intent: 1 key\n" + "    reserve42:1:0: found 0 effects, expected exactly 1"));
        assertThat(results.succeededCases())
                .containsExactly(
                        "[1] crash at before-submit #1",
                        "[3] crash at after-reserve #1",
                        "[4] crash at after-send #1",
                        "[5] crash at after-deliver #1");
    }

    @Test
    void outboxWithoutDedupDoublesTheEffectWhenItDiesAfterTheReserveAndBeforeTheSendReturns() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(WithoutDedupTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(3)
                .hasNumberOfFailedCases(2);
        String duplicate = "  duplicate effect: 1 key\n    reserve42:1:0: found 2 effects, expected exactly 1";
        assertThat(results)
                .hasFailedCase("[3] crash at after-reserve #1")
                .withMessage(invariantFailure(
                        "WithoutDedupTestCases", "after-reserve", "1 intent key, 2 effect rows", duplicate));
        assertThat(results)
                .hasFailedCase("[4] crash at after-send #1")
                .withMessage(invariantFailure(
                        "WithoutDedupTestCases", "after-send", "1 intent key, 2 effect rows", duplicate));
        assertThat(results.succeededCases())
                .containsExactly(
                        "[1] crash at before-submit #1",
                        "[2] crash at before-send #1",
                        "[5] crash at after-deliver #1");
    }

    @Test
    void outboxWithAtomicReceiptPassesAtEveryBoundary() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AtomicReceiptTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(5)
                .hasNumberOfSucceededCases(5)
                .hasNumberOfFailedCases(0);
        assertThat(results).hasNumberOfFailedContainers(0);
    }

    @Test
    void aRepeatedCrashAtRunsEveryCaseOfEveryAnnotation() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(MarkFirstRepeatedTestCases.class);

        assertThat(results.testEvents().started().stream()
                        .map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly(
                        "[1] crash at before-submit #1", "[2] crash at before-send #1", "[3] crash after commit #4");
        assertThat(results.succeededCases()).containsExactly("[1] crash at before-submit #1");
        assertThat(results)
                .hasFailedCase("[3] crash after commit #4")
                .withMessage("[effects N for reserve42 after a crash and recovery (mark-first (write"
                        + " \"done\", then send))] \nexpected: 1L\n but was: 0L\n\n"
                        + "DeliveryKit case: crash after commit #4 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=4'");
    }
}
