package com.example.orders.docs;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.crash.OrderPipelineCrashSweepTest;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sample's sweep names its cases after the service code, not after the transaction template every commit
 * runs in ({@code crash after commit #3 in OutboxRelay.publishPending (via Database.inTransaction)}), exactly as
 * docs/sweeps.md lists them: the sweep run through the JUnit Platform, its case names against the page.
 */
class SweepCaseNamesTest {

    private static final Path REPORT_DIR = Path.of("target", "deliverykit", "sweep-names");
    private static final String INTRO = "The sample's sweep has these 21 invocations";

    @Test
    void theSweepsCasesAreNamedAfterTheServiceCodeAsTheSweepsPageListsThem() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR).run(OrderPipelineCrashSweepTest.class);

        assertThat(results).hasNumberOfSucceededCases(21).hasNumberOfFailedCases(0);
        assertThat(results.startedCases()).containsExactlyElementsOf(listedOnTheSweepsPage());
    }

    /** The lines of the first {@code text} block after the sentence that introduces the sample's cases. */
    private static List<String> listedOnTheSweepsPage() throws IOException {
        Path page = Path.of("..", "docs", "sweeps.md");
        String text = Files.readString(page);
        int intro = text.indexOf(INTRO);
        assertThat(intro).as("\"" + INTRO + "\" in " + page).isNotNegative();
        int open = text.indexOf("```text\n", intro) + "```text\n".length();
        int close = text.indexOf("```", open);
        return text.substring(open, close).lines().toList();
    }
}
