package dev.deliverykit.benchmarks.jmh;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.SweepCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.PipelineStream;
import dev.deliverykit.benchmarks.process.AgentJar;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The figures measured with JMH: B1 and B6 (one interleaved group), B3, and B5. Every compared benchmark
 * runs in its own forks, with or without the agent as the figure needs.
 */
public final class InProcessFigures {

    private final RunSettings settings;
    private final JmhRuns jmh;
    private final List<String> withAgent;

    /** With these settings and agent jar. */
    public InProcessFigures(RunSettings settings, AgentJar agent) {
        this.settings = settings;
        this.jmh = new JmhRuns(settings);
        this.withAgent = List.of(agent.option());
    }

    /**
     * B1 (the crash case against the same commits; the case without the kit for context) and B6 (the sweep
     * against one over B1's crash case), measured as one interleaved group.
     */
    public List<Figure> crashCases(boolean b1, boolean b6) {
        JmhRuns.Job crash = new JmhRuns.Job(
                CrashCaseBenchmark.class,
                "crashRecoverCheck",
                withAgent,
                "crash case at " + OrderedBoundaries.APPLY_AFTER_COMMIT);
        JmhRuns.Job floor = new JmhRuns.Job(
                CrashCaseBenchmark.class, "rawSameCommits", List.of(), "12 raw commits (6 writing) on 2 fresh files");
        JmhRuns.Job withoutKit = new JmhRuns.Job(
                CrashCaseBenchmark.class, "sameCaseWithoutKit", List.of(), "same case, no crash, no agent");
        JmhRuns.Job sweep = new JmhRuns.Job(
                CrashSweepBenchmark.class,
                "crashSweepThroughJUnit",
                withAgent,
                "@CrashSweep of the 10 boundaries (11 cases) through the JUnit launcher");
        JmhRuns.Job engineSweep = new JmhRuns.Job(
                CrashSweepBenchmark.class, "sweepTenBoundaries", withAgent, "the 10 cases through the engine API");
        JmhRuns.Job inTurn = new JmhRuns.Job(
                CrashCaseBenchmark.class,
                "crashRecoverCheckEachBoundaryInTurn",
                withAgent,
                "crash case at each of the 10 boundaries in turn");
        List<JmhRuns.Job> jobs = new ArrayList<>(List.of(crash));
        if (b1) {
            jobs.addAll(List.of(floor, withoutKit));
        }
        if (b6) {
            jobs.addAll(List.of(sweep, engineSweep, inTurn));
        }
        // Every job of the group warms up as long as the sweep needs, so that both sides of B6's ratio are
        // timed in the JIT's steady state and B1 reads the same with or without B6.
        Map<JmhRuns.Job, Measurement> m = jmh.measure(jobs, settings.jmhSweepWarmups());
        List<Figure> figures = new ArrayList<>();
        if (b1) {
            figures.add(Figure.ratio(
                    "B1",
                    "in-process crash case at apply.after-commit: fresh files, workload, crash,"
                            + " recovery, invariant check",
                    m.get(crash),
                    m.get(floor),
                    Target.atMost(3.0, "x")));
            figures.add(Figure.info(
                    "B1 without kit",
                    "the same workload, recovery and check, no crash, no agent",
                    m.get(withoutKit),
                    m.get(floor)));
            figures.add(Figure.info(
                    "B1 kit share",
                    "the crash case against the same case without the kit",
                    m.get(crash),
                    m.get(withoutKit)));
        }
        if (b6) {
            Measurement casesPerSecond = m.get(sweep).inverse("@CrashSweep cases/s", "1/s", SweepCase.CASES * 1000.0);
            Measurement oneOverB1 = m.get(crash).inverse("1/B1 cases/s", "1/s", 1000);
            figures.add(Figure.ratio(
                    "B6",
                    "@CrashSweep over the ten boundaries of protocols.md section 2 through the"
                            + " JUnit launcher (recording run, 11 cases: apply.after-commit is hit twice; report), cases per second",
                    casesPerSecond,
                    oneOverB1,
                    Target.between(0.8, 1.25, "x")));
            Measurement engineCasesPerSecond =
                    m.get(engineSweep).inverse("engine API cases/s", "1/s", OrderedBoundaries.TEN.size() * 1000.0);
            figures.add(Figure.info(
                    "B6 engine API",
                    "the same ten cases called through the engine API, one after" + " another, cases per second",
                    engineCasesPerSecond,
                    oneOverB1));
            Measurement inTurnPerSecond = m.get(inTurn).inverse("cases/s, each boundary in turn", "1/s", 1000);
            figures.add(Figure.info(
                    "B6 case mix",
                    "one crash case per operation at each of the ten boundaries in"
                            + " turn, against B1's case at apply.after-commit",
                    inTurnPerSecond,
                    oneOverB1));
            figures.add(Figure.info(
                    "B6 against the mix",
                    "the @CrashSweep against the average case of the ten",
                    casesPerSecond,
                    inTurnPerSecond));
        }
        return figures;
    }

    /**
     * B3: a batch in an armed, never-hit run against the batch without the agent, with the SQLite files in memory
     * ({@value #MEMORY_FILE_SYSTEM}) where there is one: on a disk, the {@code fsync} of each commit varies more
     * between forks than the kit costs, and the ratio would tell the disk's mood. The batch on the disk and the idle
     * agent are context rows.
     */
    public List<Figure> b3() {
        Optional<Path> memory = memoryFileSystem();
        List<String> inMemory =
                memory.map(dir -> List.of("-Djava.io.tmpdir=" + dir)).orElse(List.of());
        String where = memory.map(dir -> ", SQLite files in " + dir).orElse("");
        JmhRuns.Job armed = job(Batch.ARMED, inMemory, where);
        JmhRuns.Job bare = job(Batch.WITHOUT_AGENT, inMemory, where);
        JmhRuns.Job idle = job(Batch.IDLE, inMemory, where);
        List<JmhRuns.Job> jobs = new ArrayList<>(List.of(armed, idle, bare));
        // the context: armed and bare with the files in java.io.tmpdir, where the other figures keep theirs
        Optional<JmhRuns.Job[]> onDisk = memory.map(dir -> new JmhRuns.Job[] {
            job(Batch.ARMED, List.of(), ", SQLite files on the disk"),
            job(Batch.WITHOUT_AGENT, List.of(), ", SQLite files on the disk")
        });
        onDisk.ifPresent(pair -> jobs.addAll(List.of(pair)));
        List<JmhRuns.Job[]> families = new ArrayList<>();
        for (String[] family : HOT_PATH_FAMILIES) {
            JmhRuns.Job familyArmed = new JmhRuns.Job(
                    HotPathFamilyBenchmark.class,
                    family[0] + "Armed",
                    withAgent,
                    "200 " + family[1] + " in one armed run, every family watched");
            JmhRuns.Job familyBare = new JmhRuns.Job(
                    HotPathFamilyBenchmark.class,
                    family[0] + "WithoutAgent",
                    List.of(),
                    "200 " + family[1] + ", JVM without agent");
            families.add(new JmhRuns.Job[] {familyArmed, familyBare});
            jobs.add(familyArmed);
            jobs.add(familyBare);
        }
        JmhRuns.Job emptyRun =
                new JmhRuns.Job(HotPathFamilyBenchmark.class, "emptyRun", withAgent, "an armed run around no calls");
        jobs.add(emptyRun);
        Map<JmhRuns.Job, Measurement> m = jmh.measure(jobs);
        List<Figure> figures = new ArrayList<>(List.of(
                Figure.ratio(
                        "B3",
                        "reference pipeline, 6 events (advance, relay, apply) per engine run armed at a"
                                + " boundary it never hits (the whole reference catalogue watched)"
                                + memory.map(dir -> ", SQLite files in " + dir + " (no fsync)")
                                        .orElse(""),
                        m.get(armed),
                        m.get(bare),
                        Target.atMost(1.05, "x")),
                Figure.info(
                        "B3 idle",
                        "the same batch with the agent installed and woven but no run active",
                        m.get(idle),
                        m.get(bare)),
                Figure.info(
                        "B3 against idle",
                        "the armed batch against the idle agent's: both JVMs started alike, so what differs between"
                                + " JVMs without and with an agent is not in it",
                        m.get(armed),
                        m.get(idle))));
        onDisk.ifPresent(pair -> figures.add(Figure.info(
                "B3 on the disk",
                "B3's batch and baseline with the SQLite files in java.io.tmpdir, as the other figures keep"
                        + " them (on a disk, each commit waits for its fsync)",
                m.get(pair[0]),
                m.get(pair[1]))));
        for (int i = 0; i < families.size(); i++) {
            String[] family = HOT_PATH_FAMILIES.get(i);
            figures.add(Figure.info(
                    "B3 " + family[2],
                    "200 " + family[1] + " in one engine run armed at a boundary they never hit, every family"
                            + " watched (the run's own start and end included; see B3 empty run)",
                    m.get(families.get(i)[0]),
                    m.get(families.get(i)[1])));
        }
        figures.add(Figure.info(
                "B3 empty run",
                "an armed run around no calls, every family watched, against 200 prepared statements without agent",
                m.get(emptyRun),
                m.get(families.get(0)[1])));
        return figures;
    }

    /** The three ways B3 runs its batch of 6 events: a method of {@link ArmedPipelineBenchmark} each. */
    private enum Batch {
        ARMED(
                "armedRunNeverHit",
                true,
                "6 events in one engine run armed at " + OrderedBoundaries.NEVER_REACHED_BY_THE_PIPELINE),
        IDLE("installedIdle", true, "6 events, agent installed and woven, no run"),
        WITHOUT_AGENT("withoutAgent", false, "6 events, JVM without agent");

        final String method;
        final boolean agent;
        final String what;

        Batch(String method, boolean agent, String what) {
            this.method = method;
            this.agent = agent;
            this.what = what;
        }
    }

    /** B3's batch run as {@code batch} with the JVM options {@code place} (where its files are), named {@code where}. */
    private JmhRuns.Job job(Batch batch, List<String> place, String where) {
        List<String> options = Stream.concat((batch.agent ? withAgent : List.<String>of()).stream(), place.stream())
                .toList();
        return new JmhRuns.Job(ArmedPipelineBenchmark.class, batch.method, options, batch.what + where);
    }

    /** Where B3 keeps its SQLite files, if this machine has it: a file system in memory. */
    static final String MEMORY_FILE_SYSTEM = "/dev/shm";

    private static Optional<Path> memoryFileSystem() {
        Path dir = Path.of(MEMORY_FILE_SYSTEM);
        return Files.isDirectory(dir) && Files.isWritable(dir) ? Optional.of(dir) : Optional.empty();
    }

    /** B3's woven families: benchmark method prefix, what is called, the figure's name. */
    private static final List<String[]> HOT_PATH_FAMILIES = List.of(
            new String[] {"statements", "prepared SELECT 1 statements", "JDBC statement"},
            new String[] {"commits", "commits", "commit"},
            new String[] {"submits", "executor submits (waited for)", "executor submit"},
            new String[] {"fileWrites", "one-byte file writes", "outside effect"});

    /** B5: events per second against raw commits per second, normalised per commit. */
    public List<Figure> b5() {
        JmhRuns.Job oneEvent = new JmhRuns.Job(ThroughputBenchmark.class, "oneEvent", List.of(), "one event");
        JmhRuns.Job rawCommit = new JmhRuns.Job(ThroughputBenchmark.class, "rawCommit", List.of(), "one raw commit");
        Map<JmhRuns.Job, Measurement> m = jmh.measure(List.of(oneEvent, rawCommit));
        Measurement event = m.get(oneEvent);
        Measurement commit = m.get(rawCommit);
        Measurement events = event.inverse(
                "pipeline events/s (" + PipelineStream.COMMITS_PER_EVENT + " writing commits each)", "1/s", 1000);
        Measurement commits = commit.inverse("raw single-row commits/s", "1/s", 1000);
        double perCommit = PipelineStream.COMMITS_PER_EVENT * commit.median() / event.median();
        return List.of(Figure.computed(
                "B5",
                "reference pipeline throughput, one event per transaction; value ="
                        + " pipeline commits/s over raw commits/s",
                events,
                commits,
                perCommit,
                Measurement.format(perCommit) + "x per commit",
                Target.atLeast(0.8, "x")));
    }
}
