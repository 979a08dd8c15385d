package com.example.orders.crash;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.db.Database;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample's sweep names its cases after the service code, not after the transaction template every commit
 * runs in ({@code crash after commit #2 in OutboxRelay.publishPending (via Database.inTransaction)}), exactly as
 * docs/sweeps.md lists them, in this JVM and then as real process exits: the sweep run through the JUnit Platform,
 * its case names against the page.
 */
class SweepCaseNamesTest {

    static final Clock CLOCK = Days.clockOn(Days.DAY_ONE);

    /** Creating the order tables, crashed at their commit, named by the rule alone. */
    @CrashTestKitOnly
    static class SchemaCreation {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void theOrderTablesAreCreatedWholeOrNotAtAll(CrashScenario scenario) throws Exception {
            scenario.run(() -> new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK));
            scenario.restart(() -> new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK));
        }
    }

    /** The same, seeing through the service's database helpers. */
    @CrashTestKitOnly
    static class SchemaCreationSeeingThroughTheDatabase {
        @TempDir
        Path dir;

        // tag::see-through[]
        @CrashSweep(kinds = SweepKind.COMMITS, seeThrough = "com.example.orders.db")
        void theOrderTablesAreCreatedWholeOrNotAtAll(CrashScenario scenario) throws Exception {
            scenario.run(() -> new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK));
            scenario.restart(() -> new OrderService(Database.sqlite(dir.resolve("orders.db")), CLOCK));
        }
        // end::see-through[]
    }

    private static final Path REPORT_DIR = Path.of("target", "deliverykit", "sweep-names");
    private static final String INTRO = "With `exhaustive = true`, the sample's sweep has these 21 invocations";

    @Test
    void theSweepsCasesAreNamedAfterTheServiceCodeAsTheSweepsPageListsThem() throws IOException {
        CrashTestResults results = CrashTestKit.reportingTo(REPORT_DIR)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true") // every point, each named
                .run(OrderPipelineCrashSweepTest.class);

        List<String> inThisJvm = listedOnTheSweepsPage();
        List<String> asRealProcessExits = inThisJvm.stream() // the same cases again, in child JVMs
                .map(name -> "[" + (Integer.parseInt(name.substring(1, name.indexOf(']'))) + inThisJvm.size()) + "]"
                        + name.substring(name.indexOf(']') + 1) + " (child JVM)")
                .toList();
        List<String> all = new ArrayList<>(inThisJvm);
        all.addAll(asRealProcessExits);

        assertThat(results).hasNumberOfSucceededCases(42).hasNumberOfFailedCases(0);
        assertThat(results.startedCases()).containsExactlyElementsOf(all);
    }

    @Test
    void aHelperWithoutALambdaIsTheSiteUntilItsPackageIsSeenThrough() {
        CrashTestResults plain = CrashTestKit.reportingTo(REPORT_DIR).run(SchemaCreation.class);
        CrashTestResults seeingThrough =
                CrashTestKit.reportingTo(REPORT_DIR).run(SchemaCreationSeeingThroughTheDatabase.class);

        assertThat(plain).hasNumberOfSucceededCases(3).hasNumberOfFailedCases(0);
        assertThat(plain.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in Database.createTables (via Database.inTransaction)",
                        "[3] crash after commit #1 in Database.createTables (via Database.inTransaction)");
        assertThat(seeingThrough).hasNumberOfSucceededCases(3).hasNumberOfFailedCases(0);
        assertThat(seeingThrough.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run)",
                        "[2] crash before commit #1 in OrderSchema.createIfMissing (via Database.createTables)",
                        "[3] crash after commit #1 in OrderSchema.createIfMissing (via Database.createTables)");
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
