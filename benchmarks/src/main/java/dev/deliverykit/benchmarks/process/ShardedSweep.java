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
 * B9: {@value #SHARDS} shards ({@code deliverykit.shard=k/4}) of a sweep like the sample's ({@link PipelineSweepCase},
 * in both modes in the full run), each run whole through the JUnit Platform launcher in this JVM one after the other,
 * as four CI jobs would run them on four machines, against the unsharded sweep in the same round; the order of the
 * two swapped every round, after untimed warm-up rounds. The value is the median over rounds of the longest shard's
 * time over the whole sweep's time: what a CI matrix of four jobs waits for, against one job. Every run must pass all
 * its cases, and each shard must run exactly its share of the whole run's cases (its recordings and every fourth crash
 * case of each mode), or the figure is not measured.
 */
public final class ShardedSweep {

    /** The shards of the figure. */
    public static final int SHARDS = 4;

    private static final Target TARGET = Target.atMost(0.35, "x");

    private final RunSettings settings;

    /** With these settings. */
    public ShardedSweep(RunSettings settings) {
        this.settings = settings;
    }

    /** The B9 row. */
    public List<Figure> measure() {
        String mode = settings.smoke() ? "in_process" : "both";
        int modes = settings.smoke() ? 1 : 2;
        try (Scratch reports = Scratch.create("b9-reports")) {
            LauncherRun sweep = LauncherRun.of(PipelineSweepCase.class, reports.root());
            // Every point: the same number of crash cases in each mode, so that each shard's share is known.
            Map<String, String> whole =
                    Map.of(DeliveryKitConfiguration.MODE, mode, DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true");
            List<Double> wholeMillis = new ArrayList<>();
            List<Double> longestMillis = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            int crashCases = 0;
            int rounds = settings.processWarmupRounds() + settings.shardRounds();
            for (int round = 0; round < rounds; round++) {
                boolean timed = round >= settings.processWarmupRounds();
                // Round 0 runs the whole sweep first, so that every shard's share of its cases is known.
                double wholeTime;
                double longest;
                if (round % 2 == 0) {
                    LauncherRun.Swept run = sweep.runSweeps(whole, 0);
                    crashCases = casesOfEachMode(run, modes);
                    wholeTime = run.timed().millis();
                    longest = longestShard(sweep, mode, modes, crashCases);
                } else {
                    longest = longestShard(sweep, mode, modes, crashCases);
                    wholeTime = sweep.run(whole, modes * (1 + crashCases)).millis();
                }
                if (timed) {
                    wholeMillis.add(wholeTime);
                    longestMillis.add(longest);
                    ratios.add(longest / wholeTime);
                }
                reports.clear();
            }
            String cases = (modes == 2 ? "both modes, " : "in process, ") + modes + " x (recording + " + crashCases
                    + " crash cases)";
            Measurement measured =
                    Measurement.ofSamples("longest of " + SHARDS + " shards, " + cases, "ms", longestMillis);
            Measurement baseline = Measurement.ofSamples("the whole sweep, unsharded, " + cases, "ms", wholeMillis);
            double ratio = Measurement.ofSamples("ratio", "x", ratios).median();
            return List.of(Figure.computed(
                    "B9",
                    "a sample-like @CrashSweep (commits and write statements of the reference pipeline, " + cases
                            + ") in " + SHARDS + " shards through the JUnit launcher, one after the other; value ="
                            + " the longest shard's time over the whole sweep's, median over rounds",
                    measured,
                    baseline,
                    ratio,
                    Measurement.format(ratio) + "x",
                    TARGET));
        }
    }

    /**
     * The crash cases of each mode's sweep, which the shards' shares are worked out from: every mode must have a
     * recording that crashes at each of its points, the same number in each mode.
     */
    private static int casesOfEachMode(LauncherRun.Swept run, int modes) {
        List<LauncherRun.Sweep> sweeps = run.sweeps();
        int cases = sweeps.get(0).cases();
        if (sweeps.size() != modes
                || sweeps.stream().anyMatch(sweep -> sweep.cases() != cases || sweep.points() != cases)) {
            throw new IllegalStateException("the whole sweep should record " + modes + " mode(s) with the same crash"
                    + " points and crash at each, but the kit's report counts " + sweeps
                    + "; each shard's share could not be known");
        }
        return cases;
    }

    /** Runs every shard, each checked to run exactly its share of the cases, and returns the longest one's time. */
    private static double longestShard(LauncherRun sweep, String mode, int modes, int crashCases) {
        double longest = 0;
        for (int shard = 1; shard <= SHARDS; shard++) {
            Map<String, String> configuration = Map.of(
                    DeliveryKitConfiguration.MODE,
                    mode,
                    DeliveryKitConfiguration.SHARD,
                    shard + "/" + SHARDS,
                    DeliveryKitConfiguration.SWEEP_EXHAUSTIVE,
                    "true");
            int share = crashCases / SHARDS + (shard <= crashCases % SHARDS ? 1 : 0);
            longest = Math.max(
                    longest, sweep.run(configuration, modes * (1 + share)).millis());
        }
        return longest;
    }
}
