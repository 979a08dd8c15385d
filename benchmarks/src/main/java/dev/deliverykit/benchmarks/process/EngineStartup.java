package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.process.ChildJvm;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * B4: what getting the engine ready adds to a JVM. Whole child JVMs ({@link StartupMain}) timed from the
 * parent, interleaved, after an untimed warm-up round:
 * <ul>
 *   <li>no agent, the plain work (the baseline);</li>
 *   <li>a one-class agent whose premain does nothing ({@link EmptyAgent}): what any {@code -javaagent} costs, the
 *       floor under the kit's agent;</li>
 *   <li>{@code -javaagent:<kit jar>} loaded but never used (its premain still weaves the JDBC advice), and
 *       the same with {@code =lazy};</li>
 *   <li>{@code -javaagent} and the JVM's first engine run around the same work: the agent's premain started
 *       weaving the JDBC advice at JVM start, the run waits for what is left (the target applies to this one);</li>
 *   <li>the same with {@code -javaagent:...=lazy}: nothing woven before the first run, which retransforms the
 *       already-loaded JDBC driver classes;</li>
 *   <li>no {@code -javaagent}: the engine attaches itself ({@code -Djdk.attach.allowAttachSelf=true}) on its
 *       first run;</li>
 *   <li>{@code -javaagent} and first run again, started with an AppCDS archive and C1 only (B2 finds these
 *       help child JVMs most).</li>
 * </ul>
 * Inside the children the same steps are timed too: obtaining the agent, and the first run against the
 * plain work.
 */
public final class EngineStartup {

    private static final Target TARGET = Target.atMost(50, " ms");

    private final RunSettings settings;
    private final AgentJar agent;

    /** With these settings and agent jar. */
    public EngineStartup(RunSettings settings, AgentJar agent) {
        this.settings = settings;
        this.agent = agent;
    }

    /** The B4 rows. */
    public List<Figure> measure() {
        Optional<String> noCds = CdsArchive.unavailableBecause();
        try (Scratch archives = Scratch.create("b4-cds")) {
            List<String> fastStart = new ArrayList<>();
            if (noCds.isEmpty()) {
                fastStart.addAll(CdsArchive.train(
                                archives.root(),
                                "startup-child",
                                flags -> child("engine", concat(flags, agent.option())))
                        .useFlags());
            }
            fastStart.add("-XX:TieredStopAtLevel=1");
            return measure(
                    fastStart,
                    noCds.isEmpty() ? "AppCDS + C1 only" : "C1 only (no AppCDS: " + noCds.get() + ")",
                    EmptyAgent.writeJar(archives.root()));
        }
    }

    private List<Figure> measure(List<String> fastStart, String fastName, AgentJar emptyAgent) {
        List<Double> bare = new ArrayList<>();
        List<Double> anyAgent = new ArrayList<>();
        List<Double> agentUnused = new ArrayList<>();
        List<Double> lazyAgentUnused = new ArrayList<>();
        List<Double> agentFirstRun = new ArrayList<>();
        List<Double> lazyFirstRun = new ArrayList<>();
        List<Double> lazyFirstRunInChild = new ArrayList<>();
        List<Double> selfAttachFirstRun = new ArrayList<>();
        List<Double> plainWorkInChild = new ArrayList<>();
        List<Double> javaagentInstallInChild = new ArrayList<>();
        List<Double> javaagentFirstRunInChild = new ArrayList<>();
        List<Double> selfAttachInstallInChild = new ArrayList<>();
        List<Double> selfAttachFirstRunInChild = new ArrayList<>();
        List<Double> fastStartFirstRun = new ArrayList<>();
        int rounds = settings.processWarmupRounds() + settings.processRounds();
        for (int round = 0; round < rounds; round++) {
            TimedChild.Run plain = child("plain");
            TimedChild.Run empty = child("plain", emptyAgent.option());
            TimedChild.Run unused = child("plain", agent.option());
            TimedChild.Run lazyUnused = child("plain", agent.option() + "=lazy");
            TimedChild.Run javaagent = child("engine", agent.option());
            TimedChild.Run lazy = child("engine", agent.option() + "=lazy");
            TimedChild.Run attach = child("engine", "-Djdk.attach.allowAttachSelf=true");
            TimedChild.Run fast = child("engine", concat(fastStart, agent.option()));
            if (round < settings.processWarmupRounds()) {
                continue; // warm-up: page cache, JIT of the parent's process handling
            }
            bare.add(plain.millis());
            anyAgent.add(empty.millis());
            agentUnused.add(unused.millis());
            lazyAgentUnused.add(lazyUnused.millis());
            agentFirstRun.add(javaagent.millis());
            lazyFirstRun.add(lazy.millis());
            lazyFirstRunInChild.add(lazy.number("first_run_ns") / 1e6);
            selfAttachFirstRun.add(attach.millis());
            fastStartFirstRun.add(fast.millis());
            plainWorkInChild.add(plain.number("work_ns") / 1e6);
            javaagentInstallInChild.add(javaagent.number("install_ns") / 1e6);
            javaagentFirstRunInChild.add(javaagent.number("first_run_ns") / 1e6);
            selfAttachInstallInChild.add(attach.number("install_ns") / 1e6);
            selfAttachFirstRunInChild.add(attach.number("first_run_ns") / 1e6);
        }
        Measurement baseline = Measurement.ofSamples("JVM without agent (2+2 SQLite commits)", "ms", bare);
        Measurement oneClassAgent = Measurement.ofSamples("JVM with a one-class -javaagent, unused", "ms", anyAgent);
        Measurement unusedAgent = Measurement.ofSamples("JVM with -javaagent, unused", "ms", agentUnused);
        Measurement firstRun = Measurement.ofSamples("JVM with -javaagent, first run", "ms", agentFirstRun);
        Measurement plainWork = Measurement.ofSamples("in child: the 2 commits without engine", "ms", plainWorkInChild);
        Measurement none = Measurement.ofSamples("in child: nothing to install", "ms", 0.0);
        return List.of(
                Figure.added(
                        "B4",
                        "-javaagent:" + agent.path().getFileName() + " + the JVM's first engine run"
                                + " (JDBC woven from JVM start by premain, the run waits for the rest), whole JVM",
                        firstRun,
                        baseline,
                        Optional.of(TARGET)),
                Figure.added(
                        "B4 against any agent",
                        "B4's JVM against the same JVM with a one-class agent whose premain does nothing",
                        firstRun,
                        oneClassAgent,
                        Optional.empty()),
                Figure.added(
                        "B4 " + fastName,
                        "the same JVM as B4 started with " + fastName,
                        Measurement.ofSamples("JVM with -javaagent, first run, " + fastName, "ms", fastStartFirstRun),
                        baseline,
                        Optional.of(TARGET)),
                Figure.added(
                        "B4 lazy",
                        "-javaagent:...=lazy (no weaving before the first run) + the first run, whole" + " JVM",
                        Measurement.ofSamples("JVM with -javaagent=lazy, first run", "ms", lazyFirstRun),
                        baseline,
                        Optional.empty()),
                Figure.added(
                        "B4 agent only",
                        "-javaagent loaded (JDBC weaving started), engine never used, whole JVM",
                        unusedAgent,
                        baseline,
                        Optional.empty()),
                Figure.added(
                        "B4 any agent",
                        "a one-class -javaagent whose premain does nothing, whole JVM: what any agent costs, the floor"
                                + " under B4 agent only",
                        oneClassAgent,
                        baseline,
                        Optional.empty()),
                Figure.added(
                        "B4 agent only, against any agent",
                        "the kit's agent loaded and never used against the one-class agent",
                        unusedAgent,
                        oneClassAgent,
                        Optional.empty()),
                Figure.added(
                        "B4 agent only, lazy",
                        "-javaagent:...=lazy loaded, engine never used, whole JVM",
                        Measurement.ofSamples("JVM with -javaagent=lazy, unused", "ms", lazyAgentUnused),
                        baseline,
                        Optional.empty()),
                Figure.added(
                        "B4 self-attach",
                        "no -javaagent: self-attach on the first run, whole JVM",
                        Measurement.ofSamples("JVM self-attaching, first run", "ms", selfAttachFirstRun),
                        baseline,
                        Optional.empty()),
                Figure.added(
                        "B4 in-child -javaagent install",
                        "in the child: BoundaryEngine.installation() with -javaagent",
                        Measurement.ofSamples("in child: obtain agent (-javaagent)", "ms", javaagentInstallInChild),
                        none,
                        Optional.empty()),
                Figure.added(
                        "B4 in-child -javaagent first run",
                        "in the child: first run (JDBC retransformation) around" + " 2 commits",
                        Measurement.ofSamples("in child: first run, -javaagent", "ms", javaagentFirstRunInChild),
                        plainWork,
                        Optional.empty()),
                Figure.added(
                        "B4 in-child lazy first run",
                        "in the child: first run with -javaagent=lazy (JDBC" + " retransformation) around 2 commits",
                        Measurement.ofSamples("in child: first run," + " -javaagent=lazy", "ms", lazyFirstRunInChild),
                        plainWork,
                        Optional.empty()),
                Figure.added(
                        "B4 in-child self-attach install",
                        "in the child: BoundaryEngine.installation() attaching itself",
                        Measurement.ofSamples("in child: obtain agent (self-attach)", "ms", selfAttachInstallInChild),
                        none,
                        Optional.empty()),
                Figure.added(
                        "B4 in-child self-attach first run",
                        "in the child: first run after self-attach",
                        Measurement.ofSamples("in child: first run, self-attached", "ms", selfAttachFirstRunInChild),
                        plainWork,
                        Optional.empty()));
    }

    private static TimedChild.Run child(String mode, String... jvmArgs) {
        return TimedChild.run(ChildJvm.mainClass(StartupMain.class).args(mode).jvmArgs(jvmArgs), 0);
    }

    private static TimedChild.Run child(String mode, List<String> jvmArgs) {
        return child(mode, jvmArgs.toArray(new String[0]));
    }

    private static List<String> concat(List<String> first, String last) {
        List<String> all = new ArrayList<>(first);
        all.add(last);
        return all;
    }
}
