package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

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
 * five boundaries; the broken protocols fail exactly at their bold cells, the correct one passes everywhere.
 */
class Seed002CrashAtTest {

    @TempDir
    Path reports;

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "MARK_FIRST")
    static class MarkFirst {
        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "WITHOUT_DEDUP")
    static class WithoutDedup {
        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITHOUT_DEDUP, dir);
        }
    }

    @EngineTestKitOnly
    @BoundaryCatalogueSource(value = Seed002.class, field = "ATOMIC_RECEIPT")
    static class AtomicReceipt {
        @CrashAt({"boundary-0", "boundary-1", "boundary-2", "boundary-3", "boundary-4"})
        void exactlyOneReservation(CrashScenario scenario, @TempDir Path dir) throws Exception {
            Seed002.exactlyOnce(scenario, DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
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

    private static String failure(String protocol, int effects, String boundary) {
        return "[effects N for reserve42 after a crash and recovery (" + protocol + ")] \n"
                + "expected: 1L\n"
                + " but was: " + effects + "L\n\n"
                + "DeliveryKit case: crash at " + boundary + " #1 (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='boundary=" + boundary + ";hit=1'";
    }

    @Test
    void markFirstLosesTheIntentAtBoundary1Only() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(MarkFirst.class);

        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(4).failed(1).aborted(0).skipped(0));
        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test(), displayName("[2] crash at boundary-1 #1"),
                        finishedWithFailure(instanceOf(AssertionFailedError.class),
                                message(failure("mark-first (write \"done\", then send)", 0, "boundary-1")))));
        assertThat(succeeded(results)).containsExactly("[1] crash at boundary-0 #1", "[3] crash at boundary-2 #1",
                "[4] crash at boundary-3 #1", "[5] crash at boundary-4 #1");
    }

    @Test
    void outboxWithoutDedupDoublesTheEffectAtBoundaries2And3() {
        EngineExecutionResults results = Kit.reportingTo(reports).run(WithoutDedup.class);

        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(3).failed(2));
        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test(), displayName("[3] crash at boundary-2 #1"),
                        finishedWithFailure(message(failure("outbox without receiver dedup", 2, "boundary-2")))))
                .haveExactly(1, event(test(), displayName("[4] crash at boundary-3 #1"),
                        finishedWithFailure(message(failure("outbox without receiver dedup", 2, "boundary-3")))));
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
