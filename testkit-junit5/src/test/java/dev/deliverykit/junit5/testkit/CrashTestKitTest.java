package dev.deliverykit.junit5.testkit;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The test kit's DSL says what a run did, and fails with the cases it found when it did something else. */
class CrashTestKitTest {

    @TempDir
    Path reports;

    @CrashTestKitOnly
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class OnePassesOneFailsOneAbortsTestCases {
        @Test
        void aborts() {
            Assumptions.assumeTrue(false, "not here");
        }

        @Test
        void fails() {
            throw new AssertionFailedError("lost intent: o-1");
        }

        @Test
        void passes() {
        }
    }

    @Test
    void countsAndNamesTheCasesAndReachesTheFailure() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(OnePassesOneFailsOneAbortsTestCases.class);

        assertThat(results).hasNumberOfStartedCases(3).hasNumberOfSucceededCases(1).hasNumberOfFailedCases(1)
                .hasNumberOfAbortedCases(1).hasNumberOfSkippedCases(0).hasNumberOfFailedContainers(0)
                .hasStartedCases("aborts()", "fails()", "passes()").hasSucceededCases("passes()");
        assertThat(results).hasSingleFailedCase("fails()").withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage("lost intent: o-1").withMessageStartingWith("lost").withMessageContaining("o-1");
        assertThat(results).hasSingleFailure().withMessage("lost intent: o-1");
    }

    @Test
    void aWrongExpectationFailsNamingTheCasesThereWere() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(OnePassesOneFailsOneAbortsTestCases.class);

        assertThatThrownBy(() -> assertThat(results).hasNumberOfFailedCases(2)).isInstanceOf(AssertionError.class)
                .hasMessage("%nExpecting 2 failed case(s) but 1 failed:%n  [fails()]%n"
                        + "in CrashTestResults[started 3, succeeded 1, failed 1, aborted 1]", new Object[0]);
        assertThatThrownBy(() -> assertThat(results).hasFailedCase("passes()")).isInstanceOf(AssertionError.class)
                .hasMessage("%nExpecting a failed case named:%n  passes()%nbut the failed cases were:%n  [fails()]",
                        new Object[0]);
        assertThatThrownBy(() -> assertThat(results).hasSingleFailedCase().withMessage("lost intent: o-2"))
                .isInstanceOf(AssertionError.class).hasMessage("%nExpecting the message of fails()"
                        + " (org.opentest4j.AssertionFailedError):%n  lost intent: o-1%nto be:%n  lost intent: o-2",
                        new Object[0]);
    }

    @Test
    void aFixtureRunsOnlyInsideTheKit() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).with(CrashTestKit.RUNNING, "false")
                .run(OnePassesOneFailsOneAbortsTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
    }
}
