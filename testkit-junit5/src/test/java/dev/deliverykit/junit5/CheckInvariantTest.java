package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.internal.execution.InvariantFailures.checked;
import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declared;
import static dev.deliverykit.junit5.internal.execution.InvariantFailures.declaredOrUncheckable;
import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantDefinitionException;
import dev.deliverykit.invariant.Invariants;
import dev.deliverykit.junit5.fixtures.ScriptedInvariant;
import dev.deliverykit.junit5.fixtures.SqliteSource;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * {@code @CheckInvariant}: when the kit checks class-level invariants (after the test method and its recovery,
 * before {@code @AfterEach}), where it finds them (static and instance fields, superclasses, enclosing classes
 * of {@code @Nested} tests), every invocation of a sweep including its recording run, the report's cells, and
 * how it combines with a failing, aborted or workload-less test method.
 */
class CheckInvariantTest {

    static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path reports;

    @BeforeEach
    void clearTheLog() {
        LOG.clear();
    }

    /** Submits with the correct protocol, crashing where the case says, and recovers; logs the recovery. */
    static void submitAndRecover(CrashScenario scenario, Path dir) throws Exception {
        scenario.run(() -> WarehouseReservation.submit(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir));
        scenario.restart(() -> {
            WarehouseReservation.recover(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
            LOG.add("recovery");
        });
    }

    @CrashTestKitOnly
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class TimelineTestCases {
        @CheckInvariant
        static Invariant staticOne = ScriptedInvariant.holding("static one", LOG);

        @CheckInvariant
        Invariant instanceOne = ScriptedInvariant.holding("instance one", LOG);

        @TempDir
        Path dir;

        @BeforeEach
        void before() {
            LOG.add("@BeforeEach");
        }

        @AfterEach
        void after() {
            LOG.add("@AfterEach");
        }

        @CrashAt(selector = "after-commit", occurrence = 3)
        void kitTest(CrashScenario scenario) throws Exception {
            submitAndRecover(scenario, dir);
            LOG.add("end of test method");
        }

        @Test
        void plainTest() {
            LOG.add("plain test");
        }
    }

    abstract static class InheritedInvariant {
        @CheckInvariant
        Invariant inherited = ScriptedInvariant.holding("inherited", LOG);
    }

    @CrashTestKitOnly
    static class EnclosingTestCases {
        @CheckInvariant
        static Invariant enclosingStatic;

        @CheckInvariant
        Invariant enclosingInstance = ScriptedInvariant.holding("enclosing instance", LOG);

        @Nested
        class Inner extends InheritedInvariant {
            @CheckInvariant
            Invariant own = ScriptedInvariant.violatedAtCheck("own", LOG, 1);

            @TempDir
            Path dir;

            @CrashAt(selector = "after-commit", occurrence = 3)
            void kitTest(CrashScenario scenario) throws Exception {
                submitAndRecover(scenario, dir);
            }
        }
    }

    @CrashTestKitOnly
    static class SweepViolatedInItsRecordingOnlyTestCases {
        @CheckInvariant
        static Invariant firstCheck;

        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void sweep(CrashScenario scenario) throws Exception {
            submitAndRecover(scenario, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "MARK_FIRST")
    static class TestAndInvariantBothFailTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant exactlyOnce = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt("before-send")
        void exactlyOneReservation(CrashScenario scenario) throws Exception {
            WarehouseReservation.exactlyOnce(scenario, DeliveryProtocol.MARK_FIRST, dir);
        }
    }

    @CrashTestKitOnly
    static class AssertionAndInvariantsAllFailTestCases {
        @CheckInvariant
        Invariant shippedOnce = ScriptedInvariant.violatedAtCheck("shipped once", LOG, 1);

        @CheckInvariant
        Invariant billedOnce = ScriptedInvariant.violatedAtCheck("billed once", LOG, 1);

        @CheckInvariant
        Invariant stockNeverNegative = ScriptedInvariant.violatedAtCheck("stock never negative", LOG, 1);

        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", occurrence = 3)
        void kitTest(CrashScenario scenario) throws Exception {
            submitAndRecover(scenario, dir);
            scenario.assertHolds(ScriptedInvariant.violatedAtCheck("asserted", LOG, 1));
        }
    }

    @CrashTestKitOnly
    static class AbortedTestCases {
        @CheckInvariant
        Invariant violated = ScriptedInvariant.violatedAtCheck("violated", LOG, 1);

        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", occurrence = 3)
        void kitTest(CrashScenario scenario) throws Exception {
            submitAndRecover(scenario, dir);
            Assumptions.assumeTrue(false, "not on this machine");
        }
    }

    @CrashTestKitOnly
    static class NeverRunsTestCases {
        @CheckInvariant
        Invariant violated = ScriptedInvariant.violatedAtCheck("violated", LOG, 1);

        @CrashAt(selector = "after-commit")
        void kitTest(CrashScenario scenario) {}
    }

    @CrashTestKitOnly
    static class UncheckableTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant missingTable = Invariants.noRows(
                "no negative stock",
                SqliteSource.in(() -> dir, "warehouse.db"),
                "SELECT part FROM stock WHERE amount < 0",
                "stock never goes below 0");

        @CheckInvariant
        Invariant holding = ScriptedInvariant.holding("holding", LOG);

        @CrashAt(selector = "after-commit", occurrence = 3)
        void kitTest(CrashScenario scenario) throws Exception {
            submitAndRecover(scenario, dir);
        }
    }

    private static String scripted(String field, String name, int check) {
        return "[" + field + "] " + name + ": violated (checked check #" + check + ")\n"
                + "  unexpected row: 1 row\n"
                + "    check #" + check + ": found a scripted violation, expected none";
    }

    @Test
    void invariantsAreCheckedAfterTheTestMethodAndItsRecoveryBeforeAfterEachAndOnlyForKitTests() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(TimelineTestCases.class);

        assertThat(results).hasNumberOfStartedCases(2).hasNumberOfSucceededCases(2);
        assertThat(LOG.subList(0, 3)).containsExactly("@BeforeEach", "recovery", "end of test method");
        assertThat(LOG.subList(3, 5)).containsExactlyInAnyOrder("check static one", "check instance one");
        assertThat(LOG.subList(5, LOG.size())).containsExactly("@AfterEach", "@BeforeEach", "plain test", "@AfterEach");
    }

    @Test
    void aNestedTestChecksTheInvariantsOfItsEnclosingClassItsSuperclassAndItsOwn() throws Exception {
        EnclosingTestCases.enclosingStatic = ScriptedInvariant.violatedAtCheck("enclosing static", LOG, 1);
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(EnclosingTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(LOG)
                .containsExactlyInAnyOrder(
                        "recovery",
                        "check enclosing static",
                        "check enclosing instance",
                        "check inherited",
                        "check own");
        assertThat(results)
                .hasFailedCase("[1] crash after commit #3")
                .withExceptionInstanceOf(AssertionFailedError.class)
                .withMessage(declared(2, 4, "crash after commit #3 and recovery:") + "\n"
                        + scripted("EnclosingTestCases.enclosingStatic", "enclosing static", 1) + "\n"
                        + scripted("Inner.own", "own", 1) + "\n\n"
                        + "DeliveryKit case: crash after commit #3 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=3'");
        JsonNode cells = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases")
                .get(0)
                .get("invariants");
        assertThat(cells.fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("enclosing static", "enclosing instance", "inherited", "own");
        assertThat(cells.get("own").get("verdict").asText()).isEqualTo("VIOLATED");
        assertThat(cells.get("inherited").get("verdict").asText()).isEqualTo("HOLDS");
        assertThat(cells.get("inherited").get("message").asText()).isEqualTo("inherited: holds (checked check #1)");
    }

    @Test
    void aSweepChecksAfterEveryInvocationItsCrashFreeRecordingIncluded() {
        SweepViolatedInItsRecordingOnlyTestCases.firstCheck = ScriptedInvariant.violatedAtCheck("first check", LOG, 1);
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(SweepViolatedInItsRecordingOnlyTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(11)
                .hasNumberOfSucceededCases(10)
                .hasNumberOfFailedCases(1);
        assertThat(LOG.stream().filter("check first check"::equals)).hasSize(11);
        assertThat(results)
                .hasFailedCase("[1] record boundaries (crash-free run)")
                .withMessage(declared(1, 1, "the crash-free run and recovery:") + "\n"
                        + scripted("SweepViolatedInItsRecordingOnlyTestCases.firstCheck", "first check", 1)
                        + "\n\n"
                        + "DeliveryKit case: record boundaries (crash-free run) (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='crash=none'");
    }

    @Test
    void whenTheTestMethodFailsItsFailureStaysFirstAndTheViolatedInvariantFollowsInItsMessage() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(TestAndInvariantBothFailTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        Throwable failure =
                assertThat(results).hasFailedCase("[1] crash at before-send #1").failure();
        assertThat(failure)
                .isInstanceOf(AssertionFailedError.class)
                .hasNoSuppressedExceptions()
                .hasMessage("[effects N for reserve42 after a crash"
                        + " and recovery (mark-first (write \"done\", then send))] \nexpected: 1L\n but was: 0L\n\n"
                        + declared(1, 1, "crash at before-send #1 and recovery:") + "\n"
                        + "[TestAndInvariantBothFailTestCases.exactlyOnce] exactly once per key: violated (checked 1"
                        + " intent key, 0 effect rows)\n"
                        + "  lost intent: 1 key\n"
                        + "    reserve42:1:0: found 0 effects, expected exactly 1\n\n"
                        + "DeliveryKit case: crash at before-send #1 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='boundary=before-send;hit=1'");
        // The AssertJ failure's expected and actual stay, for the IDE's diff.
        assertThat(((AssertionFailedError) failure).getExpected().getValue()).isEqualTo("1L");
    }

    @Test
    void aFailingAssertHoldsAndEveryFailingCheckInvariantShowAtTopLevelInDeclarationOrder() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AssertionAndInvariantsAllFailTestCases.class);

        assertThat(results)
                .hasSingleFailedCase("[1] crash after commit #3")
                .withMessage(checked(1, 1, "crash after commit #3 and recovery:") + "\n"
                        + "asserted: violated (checked check #1)\n"
                        + "  unexpected row: 1 row\n"
                        + "    check #1: found a scripted violation, expected none\n\n"
                        + declared(3, 3, "crash after commit #3 and recovery:") + "\n"
                        + scripted("AssertionAndInvariantsAllFailTestCases.shippedOnce", "shipped once", 1) + "\n"
                        + scripted("AssertionAndInvariantsAllFailTestCases.billedOnce", "billed once", 1) + "\n"
                        + scripted(
                                "AssertionAndInvariantsAllFailTestCases.stockNeverNegative", "stock never negative", 1)
                        + "\n\n"
                        + "DeliveryKit case: crash after commit #3 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=3'");
        assertThat(LOG)
                .containsExactly(
                        "recovery",
                        "check asserted",
                        "check shipped once",
                        "check billed once",
                        "check stock never negative");
    }

    @Test
    void anAbortedTestIsNotChecked() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(AbortedTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(1)
                .hasNumberOfAbortedCases(1)
                .hasNumberOfFailedCases(0);
        results.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(test(), abortedWithReason(instanceOf(TestAbortedException.class))));
        assertThat(LOG).containsExactly("recovery");
    }

    @Test
    void aTestThatNeverRunsItsWorkloadFailsForThatAndIsNotChecked() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(NeverRunsTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        Throwable failure = assertThat(results)
                .hasFailedCase("[1] crash after commit #1")
                .withMessageStartingWith(
                        "The test never called scenario.run(...), so crash after commit #1 crashed" + " nothing")
                .withMessageContaining(
                        "\nFix: ",
                        "\n\nDeliveryKit case: crash after commit #1 (in process)\n"
                                + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=1'")
                .failure();
        assertThat(failure).hasNoSuppressedExceptions();
        assertThat(LOG).isEmpty();
    }

    @Test
    void anInvariantThatCannotBeCheckedFailsTheInvocationAndTheOthersAreStillChecked() {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(UncheckableTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        Throwable failure =
                assertThat(results).hasFailedCase("[1] crash after commit #3").failure();
        assertThat(failure)
                .hasMessage(declaredOrUncheckable(1, 2, "crash after commit #3 and recovery:") + "\n"
                        + "[UncheckableTestCases.missingTable] could not be checked: dev.deliverykit.invariant.InvariantDefinitionException:"
                        + " invariant 'no negative stock' could not run its rows query on warehouse.db: [SQLITE_ERROR] SQL error"
                        + " or missing database (no such table: stock)\n"
                        + "  SQL: SELECT part FROM stock WHERE amount < 0\n"
                        + "  Check that the tables and columns exist in that database (an invariant never creates them) and that"
                        + " the SQL runs there by hand.\n\n"
                        + "DeliveryKit case: crash after commit #3 (in process)\n"
                        + "Replay only this case: -Ddeliverykit.replay='selector=after-commit;hit=3'");
        assertThat(failure.getSuppressed()).singleElement().isInstanceOf(InvariantDefinitionException.class);
        assertThat(LOG).containsExactly("recovery", "check holding");
    }
}
