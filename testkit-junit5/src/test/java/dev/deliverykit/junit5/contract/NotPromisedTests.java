package dev.deliverykit.junit5.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.junit5.contract.ContractTestCases.ArrivalOrderWithoutOrderingPromiseTestCases;
import dev.deliverykit.junit5.contract.ContractTestCases.MisspeltNotPromisedTestCases;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Event;

/**
 * A guarantee declared {@code @NotPromised} is skipped, saying why, in JUnit and in the report, never silently; the
 * others still run. A declaration naming no check of the class is a configuration error.
 */
class NotPromisedTests {

    private static final String BECAUSE =
            "one partition per flow delivers its events in order; this consumer applies them on arrival";

    @TempDir
    Path reports;

    @Test
    void aGuaranteeNotPromisedIsSkippedWithItsReasonInJUnitAndInTheReport() throws Exception {
        Class<?> testCases = ArrivalOrderWithoutOrderingPromiseTestCases.class;
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .run(
                        selectMethod(
                                testCases,
                                "everyArrivalOrderAppliesTheFlowInSequence",
                                "dev.deliverykit.junit5.DeliveryScenario, java.nio.file.Path"),
                        selectMethod(testCases, "aGapInOneFlowDoesNotStopAnother", "java.nio.file.Path"),
                        selectMethod(
                                testCases,
                                "duplicateArrivalsApplyOnce",
                                "dev.deliverykit.junit5.DeliveryScenario, java.nio.file.Path"));

        assertThat(skipped(results))
                .containsExactly(
                        "everyArrivalOrderAppliesTheFlowInSequence(DeliveryScenario, Path): not promised by"
                                + " ArrivalOrderWithoutOrderingPromiseTestCases (@NotPromised): inbox.every-arrival-order"
                                + " (every arrival order): " + BECAUSE,
                        "aGapInOneFlowDoesNotStopAnother(Path): not promised by"
                                + " ArrivalOrderWithoutOrderingPromiseTestCases (@NotPromised): inbox.flows-are-isolated"
                                + " (two flows): " + BECAUSE);
        assertThat(results.succeededCases()).containsExactly("[1] deliver A1,A1,A2,A1,A3,A3,A2");

        JsonNode report =
                new ObjectMapper().readTree(reports.resolve("report.json").toFile());
        assertThat(report.path("guarantees").findValuesAsText("verdict"))
                .containsExactly("NOT_PROMISED", "NOT_PROMISED", "HOLDS");
        assertThat(report.path("guarantees").get(0).path("reason").asText())
                .isEqualTo("not promised by ArrivalOrderWithoutOrderingPromiseTestCases (@NotPromised):"
                        + " inbox.every-arrival-order (every arrival order): " + BECAUSE);
        assertThat(Files.readString(reports.resolve("report.md")))
                .contains("| ArrivalOrderWithoutOrderingPromiseTestCases | ordered inbox | 3 | 1 | 0 | 2 | 0 |\n")
                .contains("- ArrivalOrderWithoutOrderingPromiseTestCases, ordered inbox: 1 of 1 guarantee holds, 2 not"
                        + " promised\n");
    }

    @Test
    void aDeclarationThatNamesNoCheckOfTheClassIsAConfigurationError() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .run(selectMethod(
                        MisspeltNotPromisedTestCases.class, "conflictingEventsAreRejected", "java.nio.file.Path"));

        assertThat(results.failures())
                .singleElement()
                .extracting(Throwable::getCause) // JUnit wraps what a condition throws, saying which one
                .isInstanceOf(ExtensionConfigurationException.class)
                .extracting(Throwable::getMessage)
                .asString()
                .startsWith("@NotPromised on " + MisspeltNotPromisedTestCases.class.getName() + " names"
                        + " inbox.every-arrival-ordr, which no @Guarantee test of the class checks. Its guarantees:"
                        + " inbox.conflicts-are-rejected, inbox.crash-at-every-boundary, inbox.duplicates-apply-once,"
                        + " inbox.every-arrival-order, inbox.flows-are-isolated, inbox.gap-waits-for-the-missing-event,"
                        + " inbox.real-process-exit, inbox.unsupported-version-blocks. Fix: ");
    }

    /** Each skipped test or template as {@code name: reason}. */
    private static List<String> skipped(CrashTestResults results) {
        List<String> skipped = new ArrayList<>();
        for (Event event : results.allEvents().skipped().list()) {
            skipped.add(event.getTestDescriptor().getDisplayName() + ": "
                    + event.getPayload(String.class).orElse(""));
        }
        return skipped;
    }
}
