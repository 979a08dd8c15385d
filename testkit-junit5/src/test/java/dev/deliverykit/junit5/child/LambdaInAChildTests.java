package dev.deliverykit.junit5.child;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CHILD_PROCESS} with the test's own lambda: the child JVM is the test JVM reborn, reruns the test method
 * up to {@code scenario.run(...)} on the same {@code @TempDir}, runs the workload and dies; the test JVM recovers.
 */
class LambdaInAChildTests {

    @TempDir
    Path reports;

    @BeforeEach
    void clear() {
        LambdaInAChildTestCases.SEEN.clear();
    }

    @AfterEach
    void clearProperties() {
        System.clearProperty("shop.db");
        System.clearProperty("dropped.property");
        System.clearProperty("test.jvm.pid");
    }

    private CrashTestResults run(Class<?> testCases) {
        return CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(testCases);
    }

    @Test
    void theChildIsAnotherJvmWithTheTestJvmsPropertiesOptionsAgentAndDirectories() {
        System.setProperty("shop.db", "postgres");
        System.setProperty("dropped.property", "set");
        System.setProperty("test.jvm.pid", Long.toString(ProcessHandle.current().pid()));

        assertThat(run(LambdaInAChildTestCases.RebornChild.class))
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(1);
        assertThat(LambdaInAChildTestCases.SEEN)
                .containsExactly("entry-7=another JVM, shop.db=postgres, dropped.property=null, child.option=given,"
                        + " -Xss4m given, kit agents 1");
    }

    @Test
    void aFixtureWrittenWithPrepareIsWrittenOnceThoughTheChildRerunsTheSetUp() {
        assertThat(run(LambdaInAChildTestCases.FixtureOnce.class))
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(1);
        assertThat(LambdaInAChildTestCases.SEEN)
                .containsExactly("seed-1=by @BeforeEach", "seed-2=by the test method", "work=done");
    }

    @Test
    void aFailedChildShowsTheEndOfItsOutputInTheMessage() {
        CrashTestResults results = run(LambdaInAChildTestCases.FailingChild.class);

        assertThat(results).hasNumberOfFailedCases(1);
        String raw = results.failureOf("[1] crash after commit #1 (child JVM)")
                .orElseThrow()
                .getMessage();
        Path output = Path.of(raw.replaceAll("(?s).*\nThe child JVM's whole output: (\\S+)\n.*", "$1"));
        assertThat(reports.relativize(output).toString())
                .matches("attachments/report-[0-9]+-[0-9]+/1/child-output\\.txt");
        assertThat(output)
                .content()
                .startsWith("exit code 1\n--- stdout ---\nabout to reserve P-7\n--- stderr ---\n")
                .contains("\nstock check 1\n")
                .contains("stock check 45\nThe workload threw java.lang.IllegalStateException: no stock for P-7\n");
        // On JDK 24 and later the child's stderr starts with the JVM's WARNING lines about native access: they
        // change the count of lines, not the last 40.
        String message = raw.replace(output.toString(), "<report dir>/attachments/<part>/1/child-output.txt")
                .replaceAll("--- stderr, last 40 of [0-9]+ lines ---", "--- stderr, last 40 of <n> lines ---")
                .replaceAll("\\(LambdaInAChildTestCases.java:[0-9]+\\)", "(LambdaInAChildTestCases.java:<line>)")
                .replaceAll("\\.\\.\\. [0-9]+ frames", "... <n> frames");
        StringBuilder stockChecks = new StringBuilder();
        for (int line = 6; line <= 45; line++) {
            stockChecks.append("stock check ").append(line).append('\n');
        }
        assertThat(message)
                .startsWith(
                        "Boundary not reached: the crash was armed at hit 1 of after commit, but the child JVM running"
                                + " the test method up to scenario.run(...) for crash after commit #1 (child JVM) threw"
                                + " java.lang.IllegalStateException: no stock for P-7 (exit code 1; its stack trace is in the"
                                + " child's output below) after reaching it 0 times.\n"
                                + "Reached boundaries (hits):\n"
                                + "  after statement \"SELECT id, note FROM entry ORDER BY id\": 1\n"
                                + "Expected: ")
                .endsWith("reaches the boundary.\n"
                        + "The child's output:\n"
                        + "exit code 1\n"
                        + "--- stdout ---\n"
                        + "about to reserve P-7\n"
                        + "--- stderr, last 40 of <n> lines ---\n"
                        + stockChecks.substring(stockChecks.indexOf("stock check 9"))
                        + "The workload threw java.lang.IllegalStateException: no stock for P-7\n"
                        + "\tat dev.deliverykit.junit5.child.LambdaInAChildTestCases$FailingChild"
                        + ".lambda$failsBeforeTheBoundary$0(LambdaInAChildTestCases.java:<line>)\n"
                        + "\t... <n> frames of the kit and the test runner\n"
                        + "\n\n"
                        + "The child JVM's whole output: <report dir>/attachments/<part>/1/child-output.txt\n"
                        + "DeliveryKit case: crash after commit #1 (child JVM)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'");
    }

    @Test
    void aSweepsRecordingInChildJvmsNumbersTheHitsAsItsCrashesInChildJvmsMeetThem() {
        assertThat(run(LambdaInAChildTestCases.ThreeCommits.class))
                .hasNumberOfStartedCases(7)
                .hasNumberOfSucceededCases(7);
        String site = " at dev.deliverykit.junit5.child.Ledger.write(Ledger.java:46)";
        assertThat(LambdaInAChildTestCases.SEEN)
                .containsExactly(
                        "recorded selector=before-commit;hit=1" + site,
                        "recorded selector=after-commit;hit=1" + site,
                        "recorded selector=before-commit;hit=2" + site,
                        "recorded selector=after-commit;hit=2" + site,
                        "recorded selector=before-commit;hit=3" + site,
                        "recorded selector=after-commit;hit=3" + site,
                        "crashed selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=1" + site
                                + " leaving []",
                        "crashed selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=1" + site
                                + " leaving [a=1]",
                        "crashed selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=2" + site
                                + " leaving [a=1]",
                        "crashed selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=2" + site
                                + " leaving [a=1, b=2]",
                        "crashed selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=3" + site
                                + " leaving [a=1, b=2]",
                        "crashed selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=3" + site
                                + " leaving [a=1, b=2, c=3]");
    }

    @Test
    void aSweepInBothModesRecordsAndCrashesInEachModeInTurnWithKeysThatNameTheMode() {
        CrashTestResults results = run(LambdaInAChildTestCases.ThreeCommitsInBothModes.class);

        assertThat(results).hasNumberOfStartedCases(14).hasNumberOfSucceededCases(14);
        assertThat(results.startedCases())
                .containsExactly(
                        "[1] record boundaries (crash-free run) (child JVM)",
                        "[2] crash before commit #1 in Ledger.write (child JVM)",
                        "[3] crash after commit #1 in Ledger.write (child JVM)",
                        "[4] crash before commit #2 in Ledger.write (child JVM)",
                        "[5] crash after commit #2 in Ledger.write (child JVM)",
                        "[6] crash before commit #3 in Ledger.write (child JVM)",
                        "[7] crash after commit #3 in Ledger.write (child JVM)",
                        "[8] record boundaries (crash-free run)",
                        "[9] crash before commit #1 in Ledger.write",
                        "[10] crash after commit #1 in Ledger.write",
                        "[11] crash before commit #2 in Ledger.write",
                        "[12] crash after commit #2 in Ledger.write",
                        "[13] crash before commit #3 in Ledger.write",
                        "[14] crash after commit #3 in Ledger.write");
        List<String> expected = new ArrayList<>();
        for (String mode : List.of("CHILD_PROCESS", "IN_PROCESS")) {
            String key = mode.equals("CHILD_PROCESS") ? "child-process" : "in-process";
            expected.add("crash=none " + mode + " left [a=1, b=2, c=3]");
            expected.add("selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=1;mode=" + key
                    + " " + mode + " left []");
            expected.add("selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=1;mode=" + key
                    + " " + mode + " left [a=1]");
            expected.add("selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=2;mode=" + key
                    + " " + mode + " left [a=1]");
            expected.add("selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=2;mode=" + key
                    + " " + mode + " left [a=1, b=2]");
            expected.add("selector=before-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=3;mode=" + key
                    + " " + mode + " left [a=1, b=2]");
            expected.add("selector=after-commit;within=dev.deliverykit.junit5.child.Ledger#write;hit=3;mode=" + key
                    + " " + mode + " left [a=1, b=2, c=3]");
        }
        assertThat(LambdaInAChildTestCases.SEEN).containsExactlyElementsOf(expected);
    }

    /** A dead process's later calls are refused in process: what survives is what a real exit leaves, so both agree. */
    @Test
    void bothModesRunEachCaseOnceAndJudgeCatchAndCarryOnCodeAlike() {
        CrashTestResults results = run(LambdaInAChildTestCases.CatchAndCarryOn.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(2);
        assertThat(results.startedCases())
                .containsExactly("[1] crash after commit #1", "[2] crash after commit #1 (child JVM)");
        assertThat(results.afterDeathOf("[1] crash after commit #1").stream()
                        .map(line -> line.replaceAll("\\.java:[0-9]+\\)", ".java:N)")))
                .containsExactly("opening a connection (new org.sqlite.jdbc4.JDBC4Connection(...)) on thread main at"
                        + " dev.deliverykit.junit5.child.Ledger.open(Ledger.java:N) was refused");
        assertThat(LambdaInAChildTestCases.SEEN)
                .containsExactly("IN_PROCESS left [a=reserved]", "CHILD_PROCESS left [a=reserved]");
        assertThat(reports.resolve("report.md")).content().doesNotContain("The two modes disagree");
        assertThat(reports.resolve("report.html")).content().doesNotContain("class=\"disagree\"");
    }

    @Test
    void whereTheModesDisagreeTheReportSaysTheRealExitIsTheReference() {
        CrashTestResults results = run(LambdaInAChildTestCases.HandsASendToAThreadBuiltBeforeTheRun.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfFailedCases(1);
        assertThat(results.failedCases()).containsExactly("[1] crash after commit #1");
        String line =
                "HandsASendToAThreadBuiltBeforeTheRun.carriesOn: crash after commit #1: failed in this JVM, passed as a real"
                        + " process exit";
        assertThat(reports.resolve("report.md"))
                .content()
                .contains("\nThe two modes disagree (the real exit is the reference, so the in-process run missed"
                        + " something the process did; please report it):\n\n- " + line + "\n");
        assertThat(reports.resolve("report.html"))
                .content()
                .contains("<div class=\"disagree\"><p>The two modes disagree: the real exit is the reference, so the"
                        + " in-process run missed something the process did (please report it).</p><ul><li>crash after"
                        + " commit #1: failed in this JVM, passed as a real process exit</li></ul></div>");
    }
}
