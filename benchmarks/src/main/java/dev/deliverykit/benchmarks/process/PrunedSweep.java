package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.PipelineSweepCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * B11: a sweep like the sample's ({@link PipelineSweepCase}, in both modes in the full run) as it runs by default,
 * crashing once per class of equivalent points, against the same sweep with {@code deliverykit.sweep.exhaustive=true},
 * both run whole through the JUnit Platform launcher in this JVM in the same round, their order swapped every round,
 * after untimed warm-up rounds. The value is the median over rounds of the pruned sweep's time over the exhaustive
 * one's. Every run must pass exactly the cases its recordings count in the kit's report, and the exhaustive run must
 * crash at every point the pruned one records, or the figure is not measured.
 */
public final class PrunedSweep {

    private static final Target TARGET = Target.atMost(0.5, "x");

    private final RunSettings settings;

    /** With these settings. */
    public PrunedSweep(RunSettings settings) {
        this.settings = settings;
    }

    /** The B11 row. */
    public List<Figure> measure() {
        String mode = settings.smoke() ? "in_process" : "both";
        try (Scratch reports = Scratch.create("b11-reports")) {
            LauncherRun sweep = LauncherRun.of(PipelineSweepCase.class, reports.root());
            Map<String, String> pruned = Map.of(DeliveryKitConfiguration.MODE, mode);
            Map<String, String> exhaustive =
                    Map.of(DeliveryKitConfiguration.MODE, mode, DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true");
            List<Double> prunedMillis = new ArrayList<>();
            List<Double> exhaustiveMillis = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            int prunedCases = 0;
            int everyCase = 0;
            int rounds = settings.processWarmupRounds() + settings.shardRounds();
            for (int round = 0; round < rounds; round++) {
                LauncherRun.Swept first = sweep.runSweeps(round % 2 == 0 ? pruned : exhaustive, 0);
                reports.clear();
                LauncherRun.Swept second = sweep.runSweeps(round % 2 == 0 ? exhaustive : pruned, 0);
                reports.clear();
                checkSameSweep(round % 2 == 0 ? first : second, round % 2 == 0 ? second : first);
                LauncherRun.Timed prunedRun = (round % 2 == 0 ? first : second).timed();
                LauncherRun.Timed exhaustiveRun = (round % 2 == 0 ? second : first).timed();
                prunedCases = prunedRun.caseMillis().size();
                everyCase = exhaustiveRun.caseMillis().size();
                if (round >= settings.processWarmupRounds()) {
                    prunedMillis.add(prunedRun.millis());
                    exhaustiveMillis.add(exhaustiveRun.millis());
                    ratios.add(prunedRun.millis() / exhaustiveRun.millis());
                }
            }
            String modes = settings.smoke() ? "in process" : "both modes";
            Measurement measured =
                    Measurement.ofSamples("pruned, " + modes + ", " + prunedCases + " invocations", "ms", prunedMillis);
            Measurement baseline = Measurement.ofSamples(
                    "exhaustive, " + modes + ", " + everyCase + " invocations", "ms", exhaustiveMillis);
            double ratio = Measurement.ofSamples("ratio", "x", ratios).median();
            return List.of(Figure.computed(
                    "B11",
                    "a sample-like @CrashSweep (commits and write statements of the reference pipeline, " + modes
                            + ") crashing once per class of equivalent points, against every point; value = the"
                            + " pruned sweep's time over the exhaustive one's, median over rounds",
                    measured,
                    baseline,
                    ratio,
                    Measurement.format(ratio) + "x",
                    TARGET));
        }
    }

    /**
     * The two runs must be one sweep: the same crash points recorded in each mode, all of them crashed at in the
     * exhaustive run; otherwise the ratio compares two different sweeps, or pruning against pruning.
     */
    private static void checkSameSweep(LauncherRun.Swept pruned, LauncherRun.Swept exhaustive) {
        List<LauncherRun.Sweep> every = exhaustive.sweeps();
        List<LauncherRun.Sweep> fewer = pruned.sweeps();
        boolean same = every.size() == fewer.size();
        for (int i = 0; same && i < every.size(); i++) {
            same = every.get(i).cases() == every.get(i).points()
                    && every.get(i).mode().equals(fewer.get(i).mode())
                    && every.get(i).points() == fewer.get(i).points();
        }
        if (!same) {
            throw new IllegalStateException("the exhaustive sweep should crash at every point the pruned one records,"
                    + " but the kit's report counts " + every + " exhaustive and " + fewer + " pruned");
        }
    }
}
