package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.ChildSweepCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * B8: a {@code @CrashSweep(mode = CHILD_PROCESS)} of {@value ChildSweepCase#CASES} crash cases ({@link ChildSweepCase},
 * its recording run and one child JVM per case) run whole through the JUnit Platform launcher in this JVM, with
 * {@code deliverykit.child.parallelism=2} (the next child starts while a case runs) against {@code =1} (each child
 * starts when its case needs it). The two alternate within a round, their order swapped every round, after
 * untimed warm-up rounds; the value is the speed-up, the median time of one child at a time over the median time
 * with two.
 */
public final class ChildSweepParallelism {

    private static final Target TARGET = Target.atLeast(1.6, "x");
    private static final String AHEAD = "2";
    private static final String ONE = "1";

    private final RunSettings settings;

    /** With these settings. */
    public ChildSweepParallelism(RunSettings settings) {
        this.settings = settings;
    }

    /** The B8 row. */
    public List<Figure> measure() {
        try (Scratch reports = Scratch.create("b8-reports")) {
            LauncherRun sweep = LauncherRun.of(ChildSweepCase.class, reports.root());
            // The smoke run replays one case, so that proving the sweep works takes two children, not 42.
            Map<String, String> smoke = settings.smoke()
                    ? Map.of(DeliveryKitConfiguration.REPLAY, "selector=after-commit;hit=" + ChildSweepCase.COMMITS)
                    : Map.of();
            int tests = settings.smoke() ? 1 : ChildSweepCase.CASES + 1;
            List<Double> ahead = new ArrayList<>();
            List<Double> one = new ArrayList<>();
            int rounds = settings.processWarmupRounds() + settings.sweepRounds();
            for (int round = 0; round < rounds; round++) {
                boolean timed = round >= settings.processWarmupRounds();
                List<String> order = round % 2 == 0 ? List.of(AHEAD, ONE) : List.of(ONE, AHEAD);
                for (String parallelism : order) {
                    Map<String, String> configuration = new HashMap<>(smoke);
                    configuration.put(DeliveryKitConfiguration.CHILD_PARALLELISM, parallelism);
                    double millis = sweep.run(configuration, tests).millis();
                    if (timed) {
                        (parallelism.equals(AHEAD) ? ahead : one).add(millis);
                    }
                }
                reports.clear();
            }
            Measurement measured = Measurement.ofSamples(
                    "@CrashSweep of " + ChildSweepCase.CASES + " child cases, parallelism 2", "ms", ahead);
            Measurement baseline =
                    Measurement.ofSamples("the same sweep, parallelism 1 (one child at a time)", "ms", one);
            double speedUp = baseline.median() / measured.median();
            return List.of(Figure.computed(
                    "B8",
                    "@CrashSweep(kinds = COMMITS, mode = CHILD_PROCESS) over " + ChildSweepCase.COMMITS
                            + " commits (recording run + " + ChildSweepCase.CASES + " crash cases, a child JVM each)"
                            + " through the JUnit launcher, whole; value = speed-up of parallelism 2 over 1",
                    measured,
                    baseline,
                    speedUp,
                    Measurement.format(speedUp) + "x",
                    TARGET));
        }
    }
}
