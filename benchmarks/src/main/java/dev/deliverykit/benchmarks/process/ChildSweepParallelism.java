package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.ChildSweepCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * B8: a {@code @CrashSweep(mode = CHILD_PROCESS)} at every point of {@value ChildSweepCase#COMMITS} commits
 * ({@link ChildSweepCase}, its recording run and one child JVM per crash case) run whole through the JUnit Platform
 * launcher in this JVM, with {@code deliverykit.child.parallelism=2} (the next child starts while a case runs) against
 * {@code =1} (each child starts when its case needs it). The two alternate within a round, their order swapped every
 * round, after untimed warm-up rounds; the value is the speed-up, the median time of one child at a time over the
 * median time with two. Every run must pass the recording and the crash cases the workload's commits make, and the
 * kit's report must count the same, or the figure is not measured. The smoke run sweeps {@link ChildSweepCase.Smoke}.
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
        ChildSweepCase sweepCase = settings.smoke() ? new ChildSweepCase.Smoke() : new ChildSweepCase();
        int commits = sweepCase.commits();
        int cases = ChildSweepCase.cases(commits);
        try (Scratch reports = Scratch.create("b8-reports")) {
            LauncherRun sweep = LauncherRun.of(sweepCase.getClass(), reports.root());
            List<Double> ahead = new ArrayList<>();
            List<Double> one = new ArrayList<>();
            int rounds = settings.processWarmupRounds() + settings.sweepRounds();
            for (int round = 0; round < rounds; round++) {
                boolean timed = round >= settings.processWarmupRounds();
                List<String> order = round % 2 == 0 ? List.of(AHEAD, ONE) : List.of(ONE, AHEAD);
                for (String parallelism : order) {
                    Map<String, String> configuration = Map.of(DeliveryKitConfiguration.CHILD_PARALLELISM, parallelism);
                    LauncherRun.Swept run = sweep.runSweeps(configuration, 0);
                    if (!run.sweeps().equals(List.of(new LauncherRun.Sweep("CHILD_PROCESS", cases, cases)))) {
                        throw new IllegalStateException(sweep.name() + " over " + commits
                                + " commits should record " + cases + " crash points in a child JVM and crash at each,"
                                + " but the kit's report counts " + run.sweeps() + "; the figure would not time the"
                                + " sweep it names");
                    }
                    double millis = run.timed().millis();
                    if (timed) {
                        (parallelism.equals(AHEAD) ? ahead : one).add(millis);
                    }
                }
                reports.clear();
            }
            Measurement measured =
                    Measurement.ofSamples("@CrashSweep of " + cases + " child cases, parallelism 2", "ms", ahead);
            Measurement baseline =
                    Measurement.ofSamples("the same sweep, parallelism 1 (one child at a time)", "ms", one);
            double speedUp = baseline.median() / measured.median();
            return List.of(Figure.computed(
                    "B8",
                    "@CrashSweep(kinds = COMMITS, mode = CHILD_PROCESS, exhaustive = true) over " + commits
                            + " commits (recording run + " + cases + " crash cases, a child JVM each)"
                            + " through the JUnit launcher, whole; value = speed-up of parallelism 2 over 1",
                    measured,
                    baseline,
                    speedUp,
                    Measurement.format(speedUp) + "x",
                    TARGET));
        }
    }
}
