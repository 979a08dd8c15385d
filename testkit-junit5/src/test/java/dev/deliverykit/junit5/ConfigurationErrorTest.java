package dev.deliverykit.junit5;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.deliverykit.Fault;
import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * Misconfiguration is an {@link ExtensionConfigurationException} that names the annotation, the element and
 * the fix, raised before any workload runs (so before anything is instrumented).
 */
class ConfigurationErrorTest {

    static final AtomicInteger WORKLOADS = new AtomicInteger();

    @TempDir
    Path reports;

    @BeforeEach
    void resetCounter() {
        WORKLOADS.set(0);
    }

    static void workload(CrashScenario scenario, Path dir) throws Exception {
        scenario.run(() -> {
            WORKLOADS.incrementAndGet();
            WarehouseReservation.submit(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir);
        });
        scenario.restart(() -> WarehouseReservation.recover(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir));
    }

    @CrashTestKitOnly
    static class NoFaultsTestCases {
        @CrashSweep(faults = {})
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class RecoveryCrashesWithoutCrashesTestCases {
        @CrashSweep(faults = Fault.FAILURE, crashRecovery = true)
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "ATOMIC_RECEIPT")
    static class UnknownBoundaryTestCases {
        @CrashAt({"before-send", "boundary-9"})
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class NameWithoutCatalogueTestCases {
        @CrashAt("before-send")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class BadSelectorTestCases {
        @CrashAt(selector = "after-comit")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class UnknownMethodTestCases {
        @CrashAt(selector = "method-exit:dev.deliverykit.reference.outbox.Orchestrator#deliverAll")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class ZeroOccurrenceTestCases {
        @CrashAt(selector = "after-commit", occurrence = 0)
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class ListedTwiceTestCases {
        @CrashAt(selector = "after-commit")
        @CrashAt(selector = {"before-commit", "after-commit"})
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class NoScenarioParameterTestCases {
        @CrashAt(selector = "after-commit")
        void test(@TempDir Path dir) {
            WORKLOADS.incrementAndGet();
        }
    }

    @CrashTestKitOnly
    static class BothAnnotationsTestCases {
        @CrashAt(selector = "after-commit")
        @CrashSweep
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(value = WarehouseReservation.class, field = "NO_SUCH_FIELD")
    static class BadCatalogueFieldTestCases {
        @CrashAt("before-send")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class SweepFilterWithoutItsKindTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS, sql = "^INSERT")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class SweepOverTheCapTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS, maxCases = 3)
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class PlainCrashTestCases {
        @CrashAt(selector = "after-commit", occurrence = 3)
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class InvariantFieldOfTheWrongTypeTestCases {
        @CheckInvariant
        long effects;

        @CrashAt(selector = "after-commit")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class NullStaticInvariantTestCases {
        @CheckInvariant
        static Invariant declaredLater;

        @CrashAt(selector = "after-commit")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class NullInstanceInvariantTestCases {
        @CheckInvariant
        Invariant declaredLater;

        @CrashAt(selector = "after-commit")
        void test(CrashScenario scenario, @TempDir Path dir) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class TwoInvariantsWithOneNameTestCases {
        @TempDir
        Path dir;

        @CheckInvariant
        Invariant orders = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CheckInvariant
        Invariant payments = WarehouseReservation.exactlyOncePerKey(() -> dir);

        @CrashAt(selector = "after-commit")
        void test(CrashScenario scenario) throws Exception {
            workload(scenario, dir);
        }
    }

    @CrashTestKitOnly
    static class UncheckedInvariantTestCases {
        @CheckInvariant
        static Invariant neverChecked = WarehouseReservation.exactlyOncePerKey(Path.of("unused"));

        @Test
        void test() {
            WORKLOADS.incrementAndGet();
        }
    }

    private CrashTestResults run(Class<?> fixture, String... parameters) {
        CrashTestKit kit = CrashTestKit.reportingTo(reports);
        for (int i = 0; i < parameters.length; i += 2) {
            kit.with(parameters[i], parameters[i + 1]);
        }
        return kit.run(fixture);
    }

    private static void assertConfigurationError(CrashTestResults results, String message) {
        assertThat(results)
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage(message);
        assertThat(WORKLOADS)
                .as("workloads run (nothing may run, nor be instrumented)")
                .hasValue(0);
    }

    /** A configuration error whose whole text its message factory's test pins: its start, up to the fix. */
    private static void assertConfigurationErrorStartingWith(CrashTestResults results, String start) {
        assertThat(results)
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessageStartingWith(start);
        assertThat(WORKLOADS)
                .as("workloads run (nothing may run, nor be instrumented)")
                .hasValue(0);
    }

    @Test
    void aSweepWithNoFaultSaysWhatToName() {
        assertConfigurationError(
                run(NoFaultsTestCases.class),
                "@CrashSweep(faults = {}) on NoFaultsTestCases.test(CrashScenario, Path): no fault to inject at the"
                        + " recorded points. Fix: leave faults out (a crash at each point) or name some, for example"
                        + " faults = {Fault.CRASH, Fault.FAILURE}");
    }

    @Test
    void crashingRecoveriesOfASweepWithoutCrashesIsRefused() {
        assertConfigurationError(
                run(RecoveryCrashesWithoutCrashesTestCases.class),
                "@CrashSweep(crashRecovery = true) on RecoveryCrashesWithoutCrashesTestCases.test(CrashScenario, Path):"
                        + " it crashes the recovery after each crash case, but faults = Fault.FAILURE makes no crash case."
                        + " Fix: add Fault.CRASH to faults, or drop crashRecovery");
    }

    @Test
    void anUnknownBoundaryNameListsTheCatalogueNames() {
        assertConfigurationError(
                run(UnknownBoundaryTestCases.class),
                "@CrashAt(value = \"boundary-9\") on UnknownBoundaryTestCases.test("
                        + "CrashScenario, Path): unknown boundary \"boundary-9\" in WarehouseReservation.ATOMIC_RECEIPT. Fix: use one of its"
                        + " names: before-submit, before-send, after-reserve, after-send, after-deliver");
    }

    @Test
    void aBoundaryNameWithoutCatalogueSaysWhereToDeclareOne() {
        assertConfigurationError(
                run(NameWithoutCatalogueTestCases.class),
                "@CrashAt(value = \"before-send\") on"
                        + " NameWithoutCatalogueTestCases.test(CrashScenario, Path): boundary names need a catalogue, and no"
                        + " @BoundaryCatalogueSource is on the method or its class. Fix: annotate the test class with"
                        + " @BoundaryCatalogueSource(YourBoundaries.class), a class with public static BoundaryCatalogue fields,"
                        + " or give a selector spec: @CrashAt(selector = \"after-commit\")");
    }

    @Test
    void anUnreadableSelectorSpecListsTheForms() {
        assertConfigurationError(
                run(BadSelectorTestCases.class),
                "@CrashAt(selector = \"after-comit\") on BadSelectorTestCases.test("
                        + "CrashScenario, Path): \"after-comit\" is not a selector spec; expected one of before-statement:REGEX,"
                        + " after-statement:REGEX, before-statement=SQL, after-statement=SQL, before-commit, after-commit,"
                        + " before-rollback, after-rollback, before-connect, after-connect, before-socket-write,"
                        + " after-socket-write, before-file-write, after-file-write, before-http-request,"
                        + " after-http-request, method-entry:Type#method, method-exit:Type#method,"
                        + " method-exceptional-exit:Type#method, optionally followed by \" within Type#method\" and"
                        + " prefixed by \"#N \". Fix: write the spec as Selector.spec() prints it");
    }

    @Test
    void aMethodSelectorForAMissingMethodListsTheDeclaredOnes() {
        assertConfigurationError(
                run(UnknownMethodTestCases.class),
                "@CrashAt(selector = \"method-exit:"
                        + "dev.deliverykit.reference.outbox.Orchestrator#deliverAll\") on UnknownMethodTestCases.test(CrashScenario, Path):"
                        + " dev.deliverykit.reference.outbox.Orchestrator declares no method deliverAll with a body (its methods:"
                        + " close(), deliver(dev.deliverykit.reference.outbox.OutboxCommand),"
                        + " effectCount(dev.deliverykit.reference.outbox.ReservationIntent), pending(),"
                        + " record(dev.deliverykit.reference.outbox.ReservationIntent), recover(),"
                        + " submit(dev.deliverykit.reference.outbox.ReservationIntent),"
                        + " warehouseKey(dev.deliverykit.reference.outbox.ReservationIntent)); name the class that declares and"
                        + " implements it, not an interface or a subclass. Fix: correct the class, method or parameter types");
    }

    @Test
    void occurrenceZero() {
        assertConfigurationError(
                run(ZeroOccurrenceTestCases.class),
                "@CrashAt(occurrence = 0) on ZeroOccurrenceTestCases.test("
                        + "CrashScenario, Path): occurrences are counted from 1. Fix: use occurrence = 1 for the first hit (the"
                        + " default), 2 for the second, and so on");
    }

    @Test
    void aCaseListedTwiceInTheSameModeIsRefused() {
        assertConfigurationError(
                run(ListedTwiceTestCases.class),
                "@CrashAt on ListedTwiceTestCases.test(CrashScenario, Path): the case"
                        + " selector=after-commit;hit=1 is listed twice. Fix: list every boundary and occurrence once per mode");
    }

    @Test
    void aMethodWithoutCrashScenarioParameter() {
        assertConfigurationError(
                run(NoScenarioParameterTestCases.class),
                "@CrashAt on NoScenarioParameterTestCases.test(Path): the"
                        + " method has no CrashScenario parameter, so it cannot run a workload to crash. Fix: declare one and run"
                        + " the workload with it: void test(CrashScenario scenario) { scenario.run(() -> ...);"
                        + " scenario.restart(() -> ...); assertThat(...); }");
    }

    @Test
    void crashAtTogetherWithCrashSweep() {
        assertConfigurationError(
                run(BothAnnotationsTestCases.class),
                "@CrashAt with @CrashSweep on BothAnnotationsTestCases.test("
                        + "CrashScenario, Path): a test is either a list of chosen boundaries or a sweep over all of them. Fix:"
                        + " keep one of the two annotations, or split the test");
    }

    @Test
    void aCatalogueFieldThatDoesNotExist() {
        assertConfigurationErrorStartingWith(
                run(BadCatalogueFieldTestCases.class),
                "@BoundaryCatalogueSource(value = WarehouseReservation.class,"
                        + " field = \"NO_SUCH_FIELD\"): dev.deliverykit.junit5.fixtures.WarehouseReservation has no"
                        + " BoundaryCatalogue field named \"NO_SUCH_FIELD\". Fix: name one of its public static"
                        + " BoundaryCatalogue fields (MARK_FIRST, WITHOUT_DEDUP, ATOMIC_RECEIPT)");
    }

    @Test
    void aSweepFilterWithoutItsKind() {
        assertConfigurationError(
                run(SweepFilterWithoutItsKindTestCases.class),
                "@CrashSweep(sql = \"^INSERT\") on"
                        + " SweepFilterWithoutItsKindTestCases.test(CrashScenario, Path): sql filters statements, but kinds does not"
                        + " include SweepKind.STATEMENTS. Fix: add SweepKind.STATEMENTS to kinds, or drop sql");
    }

    @Test
    void aSweepOverItsCapRunsOnlyTheRecordingAndSaysHowToNarrowIt() {
        CrashTestResults results = run(SweepOverTheCapTestCases.class);

        assertThat(results)
                .hasNumberOfStartedCases(1)
                .hasNumberOfSucceededCases(1)
                .hasNumberOfFailedCases(0);
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                container("test"),
                                finishedWithFailure(
                                        instanceOf(ExtensionConfigurationException.class),
                                        message(text -> text.startsWith("@CrashSweep on"
                                                        + " SweepOverTheCapTestCases.test(CrashScenario, Path): the crash-free run reached 10 boundary hits to"
                                                        + " crash at, more than the cap of 3 (@CrashSweep(maxCases = 3)); no crash case was run.\n"
                                                        + "Hits per boundary (most first):\n"
                                                        + "  5 x before commit\n"
                                                        + "  5 x after commit\n"
                                                        + "Fix: narrow the sweep")
                                                && text.contains("@CrashSweep(maxCases = ...)")))));
        assertThat(WORKLOADS).as("only the recording ran").hasValue(1);
    }

    @Test
    void anInvariantFieldOfAnotherTypeNamesTheFieldAndItsType() {
        assertConfigurationErrorStartingWith(
                run(InvariantFieldOfTheWrongTypeTestCases.class),
                "@CheckInvariant on field InvariantFieldOfTheWrongTypeTestCases.effects: its type is long, not"
                        + " dev.deliverykit.invariant.Invariant. Fix: declare it as Invariant effects = ");
    }

    private static final String NULL_FIELD =
            "@CheckInvariant on field %s.declaredLater: the field is null when the test starts, so there is no"
                    + " invariant to check. Fix: ";

    @Test
    void aNullStaticInvariantFailsTheTestBeforeItsFirstInvocation() {
        assertConfigurationErrorStartingWith(
                run(NullStaticInvariantTestCases.class), String.format(NULL_FIELD, "NullStaticInvariantTestCases"));
    }

    @Test
    void aNullInstanceInvariantFailsEachInvocationBeforeItsWorkloadRuns() {
        CrashTestResults results = run(NullInstanceInvariantTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        assertThat(results)
                .hasFailedCase("[1] crash after commit #1")
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessageStartingWith(String.format(NULL_FIELD, "NullInstanceInvariantTestCases"));
        assertThat(WORKLOADS).hasValue(0);
    }

    @Test
    void twoInvariantsWithOneNameWouldShareAReportCell() {
        CrashTestResults results = run(TwoInvariantsWithOneNameTestCases.class);

        assertThat(results).hasNumberOfStartedCases(1).hasNumberOfFailedCases(1);
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                finishedWithFailure(
                                        instanceOf(ExtensionConfigurationException.class),
                                        message(text -> text.startsWith("@CheckInvariant on fields"
                                                        + " TwoInvariantsWithOneNameTestCases.orders and"
                                                        + " TwoInvariantsWithOneNameTestCases.payments: both invariants"
                                                        + " are named \"exactly once per key\"")
                                                && text.contains(". Fix: ")))));
        assertThat(WORKLOADS).hasValue(0);
    }

    @Test
    void checkInvariantInAClassWithoutKitTestIsRefused() {
        CrashTestResults results = run(UncheckedInvariantTestCases.class);

        assertThat(results).hasNumberOfStartedCases(0);
        results.containerEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                container(UncheckedInvariantTestCases.class),
                                finishedWithFailure(
                                        instanceOf(ExtensionConfigurationException.class),
                                        message(text -> text.startsWith(
                                                        "@CheckInvariant on field"
                                                                + " UncheckedInvariantTestCases.neverChecked:"
                                                                + " UncheckedInvariantTestCases and its @Nested classes have no"
                                                                + " @CrashAt, @CrashSweep, @DeliverInOrder or @ScheduleSweep test")
                                                && text.endsWith(
                                                        "DeliveryAssertions.assertThat(neverChecked).holds().")))));
        assertThat(WORKLOADS).hasValue(0);
    }

    /** The start of a bad parameter's message, up to the fix its factory's test pins. */
    private static String badParameter(String key, String value, String reason) {
        return "DeliveryKit configuration parameter " + key + " = \"" + value + "\" cannot be used: " + reason
                + ". Fix: ";
    }

    @Test
    void aBadModeParameter() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, DeliveryKitConfiguration.MODE, "sideways"),
                badParameter("deliverykit.mode", "sideways", "expected in_process, child_process or both"));
    }

    @Test
    void aBadReplayKey() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, DeliveryKitConfiguration.REPLAY, "boundary=x"),
                badParameter(
                        "deliverykit.replay",
                        "boundary=x",
                        "hit must be a whole number from 1, got no hit field;"
                                + " expected boundary=NAME;hit=N, selector=SPEC;hit=N, selector=SPEC;within=Type#method;hit=N"
                                + " (each with ;fault=failure for an injected failure, and with ;mode=in-process or"
                                + " ;mode=child-process), crash=none, order=IDS or schedule=TURNS, for example"
                                + " boundary=after-outbox-insert;hit=1, selector=after-commit;hit=3 or order=A3,A1,A2,A3; copy"
                                + " the key from a failure message or the report"));
    }

    @Test
    void aBadSweepCapParameter() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, DeliveryKitConfiguration.SWEEP_MAX_CASES, "0"),
                badParameter("deliverykit.sweep.max-cases", "0", "expected a whole number from 1, for example 200"));
    }

    @Test
    void aBadChildTimeoutParameter() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, DeliveryKitConfiguration.CHILD_TIMEOUT, "soon"),
                badParameter(
                        "deliverykit.child.timeout",
                        "soon",
                        "expected a positive number with an optional unit"
                                + " ms, s (default), m or h, for example 90 s"));
    }

    @Test
    void aBadClassDataSharingParameter() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING, "sometimes"),
                badParameter("deliverykit.child.class-data-sharing", "sometimes", "expected true or false"));
    }

    @Test
    void storeClosingTurnedOffWouldLoseTheReport() {
        assertConfigurationErrorStartingWith(
                run(PlainCrashTestCases.class, "junit.jupiter.extensions.store.close.autocloseable.enabled", "false"),
                "DeliveryKit writes its report when JUnit closes the root store, but"
                        + " junit.jupiter.extensions.store.close.autocloseable.enabled = false stops JUnit from closing"
                        + " AutoCloseable values. Fix: remove that setting");
    }

    @Test
    void parallelExecutionWithoutIsolationIsRefused() {
        assertConfigurationError(
                run(PlainCrashTestCases.class, "junit.jupiter.execution.parallel.enabled", "true"),
                "@CrashAt on PlainCrashTestCases.test(CrashScenario, Path): JUnit's parallel execution is enabled"
                        + " (junit.jupiter.execution.parallel.enabled = true) and an in-process crash instruments every"
                        + " JDBC call in this JVM, so a test running meanwhile would be counted or crashed too. Fix:"
                        + " annotate the test class with @org.junit.jupiter.api.parallel.Isolated (its tests then run"
                        + " alone, invocations one after the other), or disable parallel execution, or use"
                        + " mode = CrashMode.CHILD_PROCESS");
    }
}
