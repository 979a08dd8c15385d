package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.junit.ChildCrashAtCase;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * B2 through the JUnit face: B2's crash case as a user runs it in {@code CHILD_PROCESS} mode ({@link ChildCrashAtCase},
 * {@value ChildCrashAtCase#CASES} cases, run through the JUnit Platform launcher in this JVM), per case = start to
 * end of cases 2..n as the launcher reports them: the child JVM (rerun of the method up to {@code scenario.run},
 * workload, halt), recovery and check in this JVM, the report. With {@code deliverykit.child.parallelism} 1 every
 * case starts its child; with the default (the number of cores) the next case's child starts while a case runs.
 * The kit's defaults share the children's classes ({@code deliverykit.child.class-data-sharing}, an archive made
 * from the first child of the untimed round, in a directory of this run); context rows switch it off. One run of
 * each variant per {@link #round}, interleaved with {@link RealProcessCrash}'s children, whose bare JUnit child is
 * the baseline.
 */
final class JUnitFaceChildCase {

    private static final Target TARGET = Target.atMost(1.0, "x");
    private static final String CASE_FIGURE = "a @CrashAt(mode = CHILD_PROCESS) case at apply.after-commit with B2's"
            + " lambda workload, run through the JUnit launcher (child reruns the method and halts; this JVM recovers"
            + " and checks), per case";
    private static final String UNSHARED = "without class-data sharing";

    private final LauncherRun launcher;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final Map<String, Map<String, String>> variants = new LinkedHashMap<>();
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();

    /** The variants, the children's archives in {@code archives}. */
    JUnitFaceChildCase(Path reports, Path archives) {
        this.launcher = LauncherRun.of(ChildCrashAtCase.class, reports);
        String directory = DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY;
        String sharing = DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING;
        String parallelism = DeliveryKitConfiguration.CHILD_PARALLELISM;
        variants.put(defaults(), Map.of(directory, archives.toString()));
        variants.put("parallelism 1", Map.of(directory, archives.toString(), parallelism, "1"));
        variants.put(defaults() + ", " + UNSHARED, Map.of(sharing, "false"));
        variants.put("parallelism 1, " + UNSHARED, Map.of(sharing, "false", parallelism, "1"));
        variants.keySet().forEach(name -> samples.put(name, new ArrayList<>()));
    }

    /** One run of every variant; its cases 2..n are kept if {@code timed}. */
    void round(boolean timed) {
        variants.forEach((name, configuration) -> {
            List<Double> cases =
                    launcher.run(configuration, ChildCrashAtCase.CASES).caseMillis();
            if (timed) {
                samples.get(name).addAll(cases.subList(1, cases.size()));
            }
        });
    }

    /**
     * The rows, against {@code bare}, B2's bare JUnit child, and, for context, against {@code plainWorkload}, a bare
     * JUnit child that runs the same workload without the kit.
     */
    List<Figure> figures(Measurement bare, Measurement plainWorkload) {
        Measurement byDefault = measurement(defaults());
        Measurement one = measurement("parallelism 1");
        Measurement unshared = measurement(defaults() + ", " + UNSHARED);
        Measurement unsharedOne = measurement("parallelism 1, " + UNSHARED);
        return List.of(
                Figure.ratio("B2 JUnit face", CASE_FIGURE + ", " + defaults(), byDefault, bare, TARGET),
                Figure.ratio("B2 JUnit face, parallelism 1", CASE_FIGURE + ", parallelism 1", one, bare, TARGET),
                Figure.info(
                        "B2 JUnit face against the plain workload child",
                        "the same case, " + defaults() + ", against B2's workload, recovery and check run as a plain"
                                + " JUnit test in a bare child JVM without the kit",
                        byDefault,
                        plainWorkload),
                Figure.info(
                        "B2 JUnit face " + UNSHARED,
                        CASE_FIGURE + ", " + defaults() + ", deliverykit.child.class-data-sharing=false",
                        unshared,
                        bare),
                Figure.info(
                        "B2 JUnit face sharing effect",
                        "the same case with the kit's class-data sharing against without, " + defaults(),
                        byDefault,
                        unshared),
                Figure.info(
                        "B2 JUnit face sharing effect, parallelism 1",
                        "the same case with the kit's class-data sharing against without, parallelism 1",
                        one,
                        unsharedOne));
    }

    private Measurement measurement(String variant) {
        return Measurement.ofSamples(
                "@CrashAt child case, " + variant + " (cases 2.." + ChildCrashAtCase.CASES + ")",
                "ms",
                samples.get(variant));
    }

    private String defaults() {
        return "default parallelism (" + cores + " cores)";
    }
}
