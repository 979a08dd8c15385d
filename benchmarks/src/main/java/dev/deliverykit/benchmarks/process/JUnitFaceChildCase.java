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
import java.util.Optional;

/**
 * B2 through the JUnit face: B2's crash case as a user runs it in {@code CHILD_PROCESS} mode ({@link ChildCrashAtCase},
 * {@value ChildCrashAtCase#CASES} cases, run through the JUnit Platform launcher in this JVM), per case = start to
 * end of cases 2..n as the launcher reports them: the child JVM (rerun of the method up to {@code scenario.run},
 * workload, halt), recovery and check in this JVM, the report. With {@code deliverykit.child.parallelism} 1 every
 * case starts its child; with the default (the number of cores) the next case's child starts while a case runs.
 * With an AppCDS archive of the kit's child (given through {@code deliverykit.child.jvm-options}) as context rows.
 * One run of each variant per {@link #round}, interleaved with {@link RealProcessCrash}'s children, whose bare
 * JUnit child is the baseline.
 */
final class JUnitFaceChildCase {

    private static final Target TARGET = Target.atMost(1.0, "x");
    private static final String CASE_FIGURE = "a @CrashAt(mode = CHILD_PROCESS) case at apply.after-commit with B2's"
            + " lambda workload, run through the JUnit launcher (child reruns the method and halts; this JVM recovers"
            + " and checks), per case";

    private final LauncherRun launcher;
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final Map<String, Map<String, String>> variants = new LinkedHashMap<>();
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();
    private final Optional<CdsArchive> archive;

    private JUnitFaceChildCase(Path reports, Optional<CdsArchive> archive) {
        this.launcher = LauncherRun.of(ChildCrashAtCase.class, reports);
        this.archive = archive;
        variants.put(defaults(), Map.of());
        variants.put("parallelism 1", Map.of(DeliveryKitConfiguration.CHILD_PARALLELISM, "1"));
        archive.ifPresent(cds -> {
            String options = String.join(" ", cds.useFlags());
            variants.put(defaults() + " + AppCDS", Map.of(DeliveryKitConfiguration.CHILD_JVM_OPTIONS, options));
            variants.put(
                    "parallelism 1 + AppCDS",
                    Map.of(
                            DeliveryKitConfiguration.CHILD_PARALLELISM,
                            "1",
                            DeliveryKitConfiguration.CHILD_JVM_OPTIONS,
                            options));
        });
        variants.keySet().forEach(name -> samples.put(name, new ArrayList<>()));
    }

    /** Without AppCDS. */
    static JUnitFaceChildCase withoutCds(Path reports) {
        return new JUnitFaceChildCase(reports, Optional.empty());
    }

    /**
     * With AppCDS rows: trains a static archive on the kit's child of {@link ChildCrashAtCase} (one run of the class
     * with the children's class list dumped, one child at a time) into {@code archives}.
     */
    static JUnitFaceChildCase withCds(Path reports, Path archives) {
        LauncherRun training = LauncherRun.of(ChildCrashAtCase.class, reports);
        CdsArchive archive = CdsArchive.train(
                archives,
                "kit-child",
                flags -> training.run(
                        Map.of(
                                DeliveryKitConfiguration.CHILD_PARALLELISM,
                                "1",
                                DeliveryKitConfiguration.CHILD_JVM_OPTIONS,
                                String.join(" ", flags)),
                        ChildCrashAtCase.CASES));
        return new JUnitFaceChildCase(reports, Optional.of(archive));
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

    /** The rows, against {@code bare}, B2's bare JUnit child. */
    List<Figure> figures(Measurement bare) {
        List<Figure> figures = new ArrayList<>();
        Measurement byDefault = measurement(defaults());
        Measurement one = measurement("parallelism 1");
        figures.add(Figure.ratio("B2 JUnit face", CASE_FIGURE + ", " + defaults(), byDefault, bare, TARGET));
        figures.add(Figure.ratio("B2 JUnit face, parallelism 1", CASE_FIGURE + ", parallelism 1", one, bare, TARGET));
        if (archive.isPresent()) {
            Measurement cdsDefault = measurement(defaults() + " + AppCDS");
            Measurement cdsOne = measurement("parallelism 1 + AppCDS");
            figures.add(Figure.info(
                    "B2 JUnit face AppCDS",
                    CASE_FIGURE + ", " + defaults() + ", children with an AppCDS archive (-XX:SharedArchiveFile"
                            + " through deliverykit.child.jvm-options)",
                    cdsDefault,
                    bare));
            figures.add(Figure.info(
                    "B2 JUnit face AppCDS effect",
                    "the same case with AppCDS children against without, " + defaults(),
                    cdsDefault,
                    byDefault));
            figures.add(Figure.info(
                    "B2 JUnit face AppCDS effect, parallelism 1",
                    "the same case with AppCDS children against without, parallelism 1",
                    cdsOne,
                    one));
        }
        return figures;
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
