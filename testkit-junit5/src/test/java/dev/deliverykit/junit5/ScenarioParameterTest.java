package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.ScriptedInvariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link CrashScenario} or {@link DeliveryScenario} parameter where no kit invocation provides one says which
 * annotation the method needs, wherever a kit annotation registers the explanation: in a class with
 * {@code @CheckInvariant} fields or {@code @BoundaryCatalogueSource}, and on a method with both {@code @Test} and a
 * kit annotation. Elsewhere JUnit's own message stays.
 */
class ScenarioParameterTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class PlainTestBesideInvariantsTestCases {
        @CheckInvariant
        Invariant holds = ScriptedInvariant.holding("holds", new ArrayList<>());

        @CrashAt(selector = "after-commit")
        void kitTest(CrashScenario scenario) {
            scenario.run(() -> {});
        }

        @Test
        void plainTest(CrashScenario scenario) {}
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "ATOMIC_RECEIPT")
    static class PlainTestWithACatalogueTestCases {
        @Test
        void plainTest(DeliveryScenario scenario) {}
    }

    @CrashTestKitOnly
    static class TestAndCrashAtTestCases {
        @Test
        @CrashAt(selector = "after-commit")
        void both(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    @CrashTestKitOnly
    static class OtherScenarioTestCases {
        @CrashAt(selector = "after-commit")
        void wrongKind(CrashScenario scenario, DeliveryScenario delivery) {
            scenario.run(() -> {});
        }
    }

    @CrashTestKitOnly
    static class NoKitAnnotationAtAllTestCases {
        @Test
        void plainTest(CrashScenario scenario) {}
    }

    @Test
    void aCrashScenarioOnAPlainTestInAClassWithCheckInvariantNamesTheAnnotationItNeeds() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(PlainTestBesideInvariantsTestCases.class);

        assertThat(results)
                .hasFailedCase("plainTest(CrashScenario)")
                .withExceptionInstanceOf(ParameterResolutionException.class)
                .withMessageStartingWith("PlainTestBesideInvariantsTestCases.plainTest(CrashScenario) takes a"
                        + " CrashScenario, which only a DeliveryKit test gets")
                .withMessageContaining("Fix: annotate it with @CrashAt or @CrashSweep instead of @Test");
        assertThat(results.startedCases()).contains("[1] crash after commit #1");
    }

    @Test
    void aDeliveryScenarioOnAPlainTestInAClassWithACatalogueNamesDeliverInOrder() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(PlainTestWithACatalogueTestCases.class);

        assertThat(results)
                .hasSingleFailedCase("plainTest(DeliveryScenario)")
                .withMessageStartingWith("PlainTestWithACatalogueTestCases.plainTest(DeliveryScenario) takes a"
                        + " DeliveryScenario, which only a DeliveryKit test gets")
                .withMessageContaining("Fix: annotate it with @DeliverInOrder instead of @Test");
    }

    @Test
    void aMethodWithTestAndCrashAtRunsItsCasesAndItsTestRunSaysToRemoveTest() {
        // JUnit warns of the two test annotations at discovery too; its warning is not this test's output.
        Logger discovery = Logger.getLogger("org.junit.platform.launcher.core.DiscoveryIssueNotifier");
        Level level = discovery.getLevel();
        discovery.setLevel(Level.OFF);
        CrashTestResults results;
        try {
            results = CrashTestKit.reportingTo(reports).run(TestAndCrashAtTestCases.class);
        } finally {
            discovery.setLevel(level);
        }

        assertThat(results.startedCases()).contains("[1] crash after commit #1");
        assertThat(results)
                .hasFailedCase("both(CrashScenario)")
                .withMessageStartingWith("TestAndCrashAtTestCases.both(CrashScenario) takes a CrashScenario and is a"
                        + " DeliveryKit test, but JUnit also runs it once more as another kind of test")
                .withMessageContaining("Fix: remove @Test");
    }

    @Test
    void aDeliveryScenarioOnACrashTestSaysWhichScenarioItGets() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(OtherScenarioTestCases.class);

        assertThat(results)
                .hasSingleFailedCase("[1] crash after commit #1")
                .withExceptionInstanceOf(ParameterResolutionException.class)
                .withMessageStartingWith("OtherScenarioTestCases.wrongKind(CrashScenario, DeliveryScenario) takes a"
                        + " DeliveryScenario, but a crash test gets a CrashScenario. Fix: ")
                .withMessageContaining("\n\nDeliveryKit case: crash after commit #1 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'");
    }

    @Test
    void withoutAnyKitAnnotationInTheClassJunitsOwnMessageRemains() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NoKitAnnotationAtAllTestCases.class);

        Throwable failure = assertThat(results)
                .hasSingleFailedCase("plainTest(CrashScenario)")
                .failure();
        assertThat(failure)
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageStartingWith("No ParameterResolver registered for parameter [dev.deliverykit.junit5"
                        + ".CrashScenario arg0]");
    }
}
