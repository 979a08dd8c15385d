package dev.deliverykit.junit5.child;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fixture written before {@code scenario.run(...)} is written once in both modes: the child JVM's rerun of the
 * test method starts from the {@code @TempDir} files as they were at the invocation's start, and its workload from
 * the test JVM's files.
 */
class FixtureOnceTests {

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        FixtureOnceTestCases.SEEN.clear();
        System.setProperty(
                FixtureOnceTestCases.TEST_JVM_PID,
                Long.toString(ProcessHandle.current().pid()));
    }

    @AfterEach
    void clearProperty() {
        System.clearProperty(FixtureOnceTestCases.TEST_JVM_PID);
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    @Test
    void aTableCreatedAndAnOrderPlacedBeforeTheRunAreWrittenOnceAsARealExit() {
        assertThat(run(FixtureOnceTestCases.OrderPlacedBeforeTheRun.class))
                .hasNumberOfStartedCases(2)
                .hasNumberOfSucceededCases(2);
        assertThat(FixtureOnceTestCases.SEEN)
                .containsExactly(
                        "IN_PROCESS [1:o-1=shipped] in [shop.db]", "CHILD_PROCESS [1:o-1=shipped] in [shop.db]");
    }

    @Test
    void aFixtureOfBeforeEachIsWrittenOnceInEveryCaseOfASweepInBothModes() {
        CrashTestResults results = run(FixtureOnceTestCases.FixtureInBeforeEachSwept.class);

        assertThat(results).hasNumberOfStartedCases(10).hasNumberOfSucceededCases(10);
        List<String> expected = new ArrayList<>();
        for (String mode : List.of("CHILD_PROCESS", "IN_PROCESS")) {
            String key = ";mode=" + (mode.equals("CHILD_PROCESS") ? "child-process" : "in-process");
            String within = "within=dev.deliverykit.junit5.child.Shop#update;hit=";
            expected.add(mode + " crash=none [1:o-1=invoiced]");
            for (int hit = 1; hit <= 2; hit++) {
                expected.add(mode + " selector=before-commit;" + within + hit + key + " [1:o-1=invoiced]");
                expected.add(mode + " selector=after-commit;" + within + hit + key + " [1:o-1=invoiced]");
            }
        }
        assertThat(FixtureOnceTestCases.SEEN).containsExactlyElementsOf(expected);
    }

    @Test
    void aStaticDirectorySharedByTheInvocationsKeepsItsFilesAndPrepareWritesTheFixtureOnce() {
        assertThat(run(FixtureOnceTestCases.SharedDirectory.class))
                .hasNumberOfStartedCases(2)
                .hasNumberOfSucceededCases(2);
        assertThat(FixtureOnceTestCases.SEEN)
                .containsExactly(
                        "IN_PROCESS [1:o-1=shipped] in [catalogue.txt, shop-IN_PROCESS.db]",
                        "CHILD_PROCESS [1:o-1=shipped] in [catalogue.txt, shop-CHILD_PROCESS.db, shop-IN_PROCESS.db]");
    }

    @Test
    void filesTheTestJvmHoldsOpenStayWhereTheyAreAndPrepareWritesTheFixtureOnce() {
        assertThat(run(FixtureOnceTestCases.ConnectionKeptOpen.class))
                .hasNumberOfStartedCases(2)
                .hasNumberOfSucceededCases(2);
        assertThat(FixtureOnceTestCases.SEEN)
                .containsExactly(
                        "IN_PROCESS [1:o-1=shipped] in [shop.db]", "CHILD_PROCESS [1:o-1=shipped] in [shop.db]");
    }

    @Test
    void aFileOnlyTheChildHoldsOpenAtTheRunFailsTheCaseSayingWhichFile() {
        CrashTestResults results = run(FixtureOnceTestCases.OpenOnlyInTheChild.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results.failureOf("[1] crash after commit #1 (child JVM)"))
                .get()
                .asInstanceOf(InstanceOfAssertFactories.THROWABLE)
                .hasMessageContaining("The child JVM of crash after commit #1 (child JVM) has the file ")
                .hasMessageContaining("shop.db open at scenario.run(...), which the test JVM had closed there: ")
                .hasMessageContaining("Fix: close what the test method opens before scenario.run(...)")
                .satisfies(failure -> assertThat(failure.getMessage().split("Fix:", -1))
                        .as("Fix: once in%n%s", failure.getMessage())
                        .hasSize(2));
    }
}
