package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.PipelineStream;
import dev.deliverykit.benchmarks.process.AgentJar;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import java.util.List;

/** The figures measured with JMH, each benchmark in its own fork: B1, B3, B5 and B6. */
public final class InProcessFigures {

    private final JmhRuns jmh;
    private final List<String> withAgent;

    /** With these settings and agent jar. */
    public InProcessFigures(RunSettings settings, AgentJar agent) {
        this.jmh = new JmhRuns(settings);
        this.withAgent = List.of(agent.option());
    }

    /** B1: the crash case ({@link #crashCase()}) against the same commits; the case without the kit for context. */
    public List<Figure> b1(Measurement crash) {
        Measurement floor = jmh.measure(CrashCaseBenchmark.class, "rawSameCommits", List.of(),
                "12 raw commits (6 writing) on 2 fresh files");
        Measurement withoutKit = jmh.measure(CrashCaseBenchmark.class, "sameCaseWithoutKit", List.of(),
                "same case, no crash, no agent");
        return List.of(
                Figure.ratio("B1", "in-process crash case at apply.after-commit: fresh files, workload, crash,"
                        + " recovery, invariant check", crash, floor, Target.atMost(3.0, "x")),
                Figure.info("B1 without kit", "the same workload, recovery and check, no crash, no agent", withoutKit,
                        floor),
                Figure.info("B1 kit share", "the crash case against the same case without the kit", crash, withoutKit));
    }

    /** B3: a batch in an armed, never-hit run against the batch without the agent; idle agent for context. */
    public List<Figure> b3() {
        Measurement armed = jmh.measure(ArmedPipelineBenchmark.class, "armedRunNeverHit", withAgent,
                "6 events in one engine run armed at " + OrderedBoundaries.NEVER_REACHED_BY_THE_PIPELINE);
        Measurement idle = jmh.measure(ArmedPipelineBenchmark.class, "installedIdle", withAgent,
                "6 events, agent installed and woven, no run");
        Measurement bare = jmh.measure(ArmedPipelineBenchmark.class, "withoutAgent", List.of(),
                "6 events, JVM without agent");
        return List.of(
                Figure.ratio("B3", "reference pipeline, 6 events (advance, relay, apply) per engine run armed at a"
                        + " boundary it never hits", armed, bare, Target.atMost(1.05, "x")),
                Figure.info("B3 idle", "the same batch with the agent installed and woven but no run active", idle, bare));
    }

    /** B5: events per second against raw commits per second, normalised per commit. */
    public List<Figure> b5() {
        Measurement event = jmh.measure(ThroughputBenchmark.class, "oneEvent", List.of(), "one event");
        Measurement commit = jmh.measure(ThroughputBenchmark.class, "rawCommit", List.of(), "one raw commit");
        Measurement events = event.inverse("pipeline events/s (" + PipelineStream.COMMITS_PER_EVENT
                + " writing commits each)", "1/s", 1000);
        Measurement commits = commit.inverse("raw single-row commits/s", "1/s", 1000);
        double perCommit = PipelineStream.COMMITS_PER_EVENT * commit.median() / event.median();
        return List.of(Figure.computed("B5", "reference pipeline throughput, one event per transaction; value ="
                + " pipeline commits/s over raw commits/s", events, commits, perCommit,
                Measurement.format(perCommit) + "x per commit", Target.atLeast(0.8, "x")));
    }

    /** B6: sweep cases per second against one over B1's crash case of the same run. */
    public List<Figure> b6(Measurement b1Crash) {
        Measurement sweep = jmh.measure(CrashSweepBenchmark.class, "sweepTenBoundaries", withAgent,
                "sweep of the 10 boundaries");
        Measurement casesPerSecond = sweep.inverse("sweep cases/s", "1/s", OrderedBoundaries.TEN.size() * 1000.0);
        Measurement oneOverB1 = b1Crash.inverse("1/B1 cases/s", "1/s", 1000);
        return List.of(Figure.ratio("B6", "crash sweep over the ten boundaries of protocols.md section 2, cases per"
                + " second", casesPerSecond, oneOverB1, Target.between(0.8, 1.25, "x")));
    }

    /** The B1 crash case alone (B6 compares against it). */
    public Measurement crashCase() {
        return jmh.measure(CrashCaseBenchmark.class, "crashRecoverCheck", withAgent,
                "crash case at " + OrderedBoundaries.APPLY_AFTER_COMMIT);
    }
}
