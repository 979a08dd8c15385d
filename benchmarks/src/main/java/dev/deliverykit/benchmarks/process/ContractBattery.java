package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.ReceiverContractCase;
import dev.deliverykit.benchmarks.junit.ReceiverSweepCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * B10: the idempotent receiver's whole contract battery on the reference warehouse ({@link ReceiverContractCase})
 * against the plain crash sweep a user writes for the same receiver ({@link ReceiverSweepCase}, the same sweep as the
 * battery's crash check), each run whole through the JUnit Platform launcher in this JVM, alternating within a round,
 * their order swapped every round, after untimed warm-up rounds. Per test: the battery's in-process tests (all but
 * the real process exit, which a child JVM reruns) against the sweep's tests, from the launcher's events. Each run's
 * tests are counted from its sweep's recording in the kit's report, and the plain sweep must record and crash at the
 * points the battery's does, or the figure is not measured.
 */
public final class ContractBattery {

    /** A contract check starts two to five processes of the receiver, a sweep case two. */
    private static final Target PER_TEST = Target.atMost(2.0, "x");

    private static final String BATTERY = "battery";
    private static final String SWEEP = "sweep";

    private final RunSettings settings;

    /** With these settings. */
    public ContractBattery(RunSettings settings) {
        this.settings = settings;
    }

    /** The B10 rows. */
    public List<Figure> measure() {
        try (Scratch reports = Scratch.create("b10-reports")) {
            LauncherRun battery = LauncherRun.of(ReceiverContractCase.class, reports.root());
            LauncherRun sweep = LauncherRun.of(ReceiverSweepCase.class, reports.root());
            List<Double> batteryMillis = new ArrayList<>();
            List<Double> sweepMillis = new ArrayList<>();
            List<Double> batteryPerTest = new ArrayList<>();
            List<Double> sweepPerTest = new ArrayList<>();
            List<Double> childMillis = new ArrayList<>();
            int batteryTests = 0;
            int sweepTests = 0;
            int rounds = settings.processWarmupRounds() + settings.processRounds();
            for (int round = 0; round < rounds; round++) {
                boolean timed = round >= settings.processWarmupRounds();
                List<LauncherRun.Sweep> batterySweep = List.of();
                List<LauncherRun.Sweep> plainSweep = List.of();
                for (String run : round % 2 == 0 ? List.of(BATTERY, SWEEP) : List.of(SWEEP, BATTERY)) {
                    if (run.equals(BATTERY)) {
                        LauncherRun.Swept swept = battery.runSweeps(Map.of(), ReceiverContractCase.OTHER_TESTS);
                        LauncherRun.Timed timedRun = swept.timed();
                        batterySweep = swept.sweeps();
                        batteryTests = timedRun.caseMillis().size();
                        if (timed) {
                            batteryMillis.add(timedRun.millis());
                            childMillis.add(childTest(timedRun));
                            batteryPerTest.add((total(timedRun) - childTest(timedRun)) / (batteryTests - 1));
                        }
                    } else {
                        LauncherRun.Swept swept = sweep.runSweeps(Map.of(), 0);
                        LauncherRun.Timed timedRun = swept.timed();
                        plainSweep = swept.sweeps();
                        sweepTests = timedRun.caseMillis().size();
                        if (timed) {
                            sweepMillis.add(timedRun.millis());
                            sweepPerTest.add(total(timedRun) / sweepTests);
                        }
                    }
                }
                if (!batterySweep.equals(plainSweep)) {
                    throw new IllegalStateException("the plain sweep should be the battery's crash check, but the kit's"
                            + " report counts " + plainSweep + " for it and " + batterySweep + " for the battery's");
                }
                reports.clear();
            }
            int sweepInBattery = batteryTests - ReceiverContractCase.OTHER_TESTS;
            Measurement wholeBattery =
                    seconds("receiver contract battery, " + batteryTests + " tests of 7 checks, whole", batteryMillis);
            Measurement wholeSweep =
                    seconds("plain crash sweep of the receiver, " + sweepTests + " tests, whole", sweepMillis);
            Measurement perSweepTest = Measurement.ofSamples("plain crash sweep, per test", "ms", sweepPerTest);
            return List.of(
                    Figure.info(
                            "B10",
                            "the idempotent receiver's whole contract battery on the reference warehouse (7 checks, "
                                    + batteryTests + " JUnit tests: a crash sweep of "
                                    + sweepInBattery + ", a real process exit in a child JVM, a race of 4"
                                    + " workers, 4 checks with restarts) through the JUnit launcher, whole, against the"
                                    + " plain crash sweep of the same receiver",
                            wholeBattery,
                            wholeSweep),
                    Figure.ratio(
                            "B10 per test",
                            "the battery's " + (batteryTests - 1) + " in-process tests, per test, against"
                                    + " the plain crash sweep's, per test",
                            Measurement.ofSamples("contract battery, in-process tests, per test", "ms", batteryPerTest),
                            perSweepTest,
                            PER_TEST),
                    Figure.info(
                            "B10 child check",
                            "the battery's real process exit (a child JVM reruns the check and halts; this JVM retries"
                                    + " and checks), against the plain crash sweep's test",
                            Measurement.ofSamples("contract battery, the real process exit", "ms", childMillis),
                            perSweepTest));
        }
    }

    private static Measurement seconds(String what, List<Double> millis) {
        return Measurement.ofSamples(what, "ms", millis).scaled(what, "s", 1e-3);
    }

    private static double total(LauncherRun.Timed run) {
        return run.caseMillis().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static double childTest(LauncherRun.Timed run) {
        for (int i = 0; i < run.caseIds().size(); i++) {
            if (run.caseIds().get(i).contains(ReceiverContractCase.CHILD_CHECK)) {
                return run.caseMillis().get(i);
            }
        }
        throw new IllegalStateException(
                "the battery ran no test " + ReceiverContractCase.CHILD_CHECK + ": " + run.caseIds());
    }
}
