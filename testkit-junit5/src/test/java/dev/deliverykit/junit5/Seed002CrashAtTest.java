package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.EngineTestKitOnly;
import dev.deliverykit.junit5.fixtures.Kit;
import dev.deliverykit.junit5.fixtures.Seed002;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;

/**
 * The seed-002 crash matrix (protocols.md section 1) through {@code @CrashAt}: each protocol's test names the
 * five boundaries and declares "exactly once per key" with {@code @CheckInvariant}, asserting nothing itself;
 * the broken protocols fail exactly at their bold cells, the correct one passes everywhere.
 */
class Seed002CrashAtTest {

    @TempDir
    Path reports;

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "MARK_FIRST")
    static class MarkFirst {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = Seed002.exactlyOncePerKey(() -> dir);

        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            Seed002.crashAndRecover(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "WITHOUT_DEDUP")
    static class WithoutDedup {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = Seed002.exactlyOncePerKey(() -> dir);

        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            Seed002.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceipt {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = Seed002.exactlyOncePerKey(() -> dir);

        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            Seed002.crashAndRecover(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "MARK_FIRST")
    static class MarkFirstRepeated {
        @CrashAt({"boundary-0", "boundary-1"})
        @CrashAt(selector = "after-commit", occurrence = 4)
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    /** The failure of a crash at boundary-N #1 judged by the class's {@code exactlyOnce} field. */
    static String invariantFailure(String fixture, String boundary, String checked, String violation) {
        return "1 of 1 invariant declared with @CheckInvariant violated after crash at " + boundary + " #1 and recovery:\n"
                + "[" + fixture + ".exactlyOnce] exactly once per key: violated (checked " + checked + ")\n"
                + violation + "\n\n"
                + "DeliveryKit case: crash at " + boundary + " #1 (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='boundary=" + boundary + ";hit=1'";
    }

    @Test
    void markFirstLosesTheIntentAtBoundary1Only() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(MarkFirst.class);

        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(4).failed(1).aborted(0).skipped(0));
        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test(), displayName("[2] crash at boundary-1 #1"),
                        finishedWithFailure(instanceOf(AssertionFailedError.class), message(invariantFailure("MarkFirst",
                                "boundary-1", "1 intent key, 0 effect rows", "  lost intent: 1 key\n"
                                        + "    reserve42:1:0: found 0 effects, expected exactly 1")))));
        assertThat(succeeded(results)).containsExactly("[1] crash at boundary-0 #1", "[3] crash at boundary-2 #1",
                "[4] crash at boundary-3 #1", "[5] crash at boundary-4 #1");
    }

    @Test
    void outboxWithoutDedupDoublesTheEffectAtBoundaries2And3() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(WithoutDedup.class);

        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(3).failed(2));
        String duplicate = "  duplicate effect: 1 key\n    reserve42:1:0: found 2 effects, expected exactly 1";
        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test(), displayName("[3] crash at boundary-2 #1"), finishedWithFailure(message(
                        invariantFailure("WithoutDedup", "boundary-2", "1 intent key, 2 effect rows", duplicate)))))
                .haveExactly(1, event(test(), displayName("[4] crash at boundary-3 #1"), finishedWithFailure(message(
                        invariantFailure("WithoutDedup", "boundary-3", "1 intent key, 2 effect rows", duplicate)))));
        assertThat(succeeded(results)).containsExactly("[1] crash at boundary-0 #1", "[2] crash at boundary-1 #1",
                "[5] crash at boundary-4 #1");
    }

    @Test
    void outboxWithAtomicReceiptPassesAtEveryBoundary() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(AtomicReceipt.class);

        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(5).failed(0));
        results.containerEvents().assertStatistics(stats -> stats.failed(0));
    }

    @Test
    void aRepeatedCrashAtRunsEveryCaseOfEveryAnnotation() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(MarkFirstRepeated.class);

        assertThat(results.testEvents().started().stream().map(event -> event.getTestDescriptor().getDisplayName()))
                .containsExactly("[1] crash at boundary-0 #1", "[2] crash at boundary-1 #1", "[3] crash after commit #4");
        assertThat(succeeded(results)).containsExactly("[1] crash at boundary-0 #1");
        results.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("[3] crash after commit #4"),
                finishedWithFailure(message("[effects N for reserve42 after a crash and recovery (mark-first (write"
                        + " \"done\", then send))] \nexpected: 1L\n but was: 0L\n\n"
                        + "DeliveryKit case: crash after commit #4 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=4'"))));
    }

    static List<String> succeeded(EngineExecutionResults results) {
        return results.testEvents().filter(event(test(), finishedSuccessfully())::matches)
                .map(Event::getTestDescriptor).map(descriptor -> descriptor.getDisplayName()).toList();
    }
}
