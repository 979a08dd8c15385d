package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.BytemanCrashCase;
import dev.deliverykit.benchmarks.junit.CrashAtCase;
import dev.deliverykit.benchmarks.junit.CrashCases;
import dev.deliverykit.benchmarks.junit.EngineCrashCase;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.process.ChildJvm;
import java.util.ArrayList;
import java.util.List;

/**
 * B7: the same in-process crash at the same method ({@code OrderedConsumer#apply(String)}, normal exit),
 * recovery and check, as a JUnit test with the kit's {@code @CrashAt} ({@link CrashAtCase}), with the
 * engine API called directly ({@link EngineCrashCase}), and with Byteman through BMUnit 5
 * ({@link BytemanCrashCase}). Each child JVM runs one class through the JUnit launcher
 * ({@link JUnitCaseMain}); children of the two tools alternate.
 * <ul>
 *   <li>per case: the median test time of cases 2..N (each test's own callbacks included, so BMUnit's rule
 *       injection and removal count), pooled over the children;</li>
 *   <li>setup: per child, the class-level setup (class start to first test start: BMUnit attaches its
 *       agent there) minus the warm-up both classes run in {@code @BeforeAll} (SQLite's native library and
 *       the reference code, without any tool), plus the first case minus that child's steady median; the
 *       median over children. So it is the tool's own setup: for us obtaining the agent and weaving JDBC and
 *       the catalogue's methods; for BMUnit attaching the Byteman agent and injecting its first rule.</li>
 * </ul>
 */
public final class JUnitToolComparison {

    private static final String TESTS = String.valueOf(CrashCases.CASES);

    private final RunSettings settings;
    private final AgentJar agent;

    /** With these settings and agent jar. */
    public JUnitToolComparison(RunSettings settings, AgentJar agent) {
        this.settings = settings;
        this.agent = agent;
    }

    /** The B7 rows. */
    public List<Figure> measure() {
        List<Double> oursSteady = new ArrayList<>();
        List<Double> oursSetup = new ArrayList<>();
        List<Double> apiSteady = new ArrayList<>();
        List<Double> apiSetup = new ArrayList<>();
        List<Double> bytemanSteady = new ArrayList<>();
        List<Double> bytemanSetup = new ArrayList<>();
        for (int child = 0; child < settings.junitChildren(); child++) {
            collect(
                    TimedChild.run(
                            ChildJvm.mainClass(JUnitCaseMain.class)
                                    .args(CrashAtCase.class.getName(), TESTS)
                                    .jvmArgs(agent.option(), "-Ddeliverykit.report.enabled=false"),
                            0),
                    oursSteady,
                    oursSetup);
            collect(
                    TimedChild.run(
                            ChildJvm.mainClass(JUnitCaseMain.class)
                                    .args(EngineCrashCase.class.getName(), TESTS)
                                    .jvmArgs(agent.option()),
                            0),
                    apiSteady,
                    apiSetup);
            collect(
                    TimedChild.run(
                            ChildJvm.mainClass(JUnitCaseMain.class)
                                    .args(BytemanCrashCase.class.getName(), TESTS)
                                    .jvmArgs("-Djdk.attach.allowAttachSelf=true"),
                            0),
                    bytemanSteady,
                    bytemanSetup);
        }
        Measurement ours = Measurement.ofSamples("@CrashAt, per case (cases 2..n)", "ms", oursSteady);
        Measurement byteman = Measurement.ofSamples("BMUnit 5 @BMRule, per case (cases 2..n)", "ms", bytemanSteady);
        return List.of(
                Figure.ratio(
                        "B7",
                        "JUnit crash test at OrderedConsumer#apply exit + recovery + check, per case:"
                                + " ours (@CrashAt) vs Byteman",
                        ours,
                        byteman,
                        Target.atMost(1.0, "x")),
                Figure.info(
                        "B7 setup",
                        "the tool's setup in a fresh JVM (class setup without the shared warm-up, plus"
                                + " the first case minus a steady case): ours vs Byteman",
                        Measurement.ofSamples("@CrashAt, setup", "ms", oursSetup),
                        Measurement.ofSamples("BMUnit 5, setup", "ms", bytemanSetup)),
                Figure.info(
                        "B7 engine API",
                        "the same test calling BoundaryEngine.crashInProcess directly, per case, vs" + " Byteman",
                        Measurement.ofSamples("engine API, per case (cases 2..n)", "ms", apiSteady),
                        byteman),
                Figure.info(
                        "B7 engine API setup",
                        "its setup, vs Byteman's",
                        Measurement.ofSamples("engine API, setup", "ms", apiSetup),
                        Measurement.ofSamples("BMUnit 5, setup", "ms", bytemanSetup)));
    }

    private static void collect(TimedChild.Run run, List<Double> steady, List<Double> setup) {
        List<Double> cases = run.caseMillis();
        if (cases.size() < 2) {
            throw new IllegalStateException("the JUnit child ran " + cases.size() + " crash cases, expected at least 2"
                    + " (a first one and steady ones); its output:\n" + run.result());
        }
        List<Double> later = cases.subList(1, cases.size());
        steady.addAll(later);
        double classSetup = (run.number("CLASS_SETUP") - run.number("WARMUP")) / 1e6;
        setup.add(classSetup
                + cases.get(0)
                - Measurement.ofSamples("steady", "ms", later).median());
    }
}
