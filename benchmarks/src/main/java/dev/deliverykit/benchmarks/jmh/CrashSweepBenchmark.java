package dev.deliverykit.benchmarks.jmh;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.deliverykit.benchmarks.junit.SweepCase;
import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * B6: the crash sweep over the ten boundaries of protocols.md section 2. {@link #crashSweepThroughJUnit} is
 * the figure: the kit's {@code @CrashSweep} ({@link SweepCase}) run through the JUnit Platform launcher, its
 * recording run, ten crash cases and report included. {@link #sweepTenBoundaries} is the same ten cases
 * called through the engine API, one after another (each on fresh files: workload to the boundary, crash,
 * recovery, check), for context.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CrashSweepBenchmark {

    /** The launcher and the request for {@link SweepCase}; reports go to a scratch directory. */
    @State(Scope.Thread)
    public static class Sweep {
        Launcher launcher;
        LauncherDiscoveryRequest request;
        Scratch reports;

        @Setup(Level.Trial)
        public void create() {
            reports = Scratch.create("sweep-reports");
            launcher = LauncherFactory.create();
            request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(SweepCase.class))
                    .configurationParameter(
                            DeliveryKitConfiguration.REPORT_DIR, reports.root().toString())
                    .configurationParameter(DeliveryKitConfiguration.REPORT_SUMMARY, "false")
                    .build();
        }

        @TearDown(Level.Trial)
        public void delete() {
            reports.close();
        }
    }

    /** The JUnit sweep: a recording run and ten crash cases; fails unless all of them passed. */
    @Benchmark
    public long crashSweepThroughJUnit(Sweep sweep) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        sweep.launcher.execute(sweep.request, listener);
        TestExecutionSummary summary = listener.getSummary();
        if (summary.getTotalFailureCount() > 0 || summary.getTestsSucceededCount() != SweepCase.CASES + 1) {
            StringWriter failures = new StringWriter();
            summary.printFailuresTo(new PrintWriter(failures), 20);
            throw new IllegalStateException("the @CrashSweep of SweepCase should pass its recording run and "
                    + SweepCase.CASES + " crash cases, but " + summary.getTestsSucceededCount() + " passed and "
                    + summary.getTotalFailureCount() + " failed; a benchmark of a broken sweep measures nothing.\n"
                    + failures);
        }
        return summary.getTestsSucceededCount();
    }

    /** The ten cases through the engine API, one after another. */
    @Benchmark
    public int sweepTenBoundaries(CrashCaseBenchmark.Cases cases, CrashCaseBenchmark.Engine engine) {
        int crashed = 0;
        for (String boundary : OrderedBoundaries.TEN) {
            CrashCase.crashRecoverAndCheck(cases.scratch.next(), boundary);
            crashed++;
        }
        return crashed;
    }
}
