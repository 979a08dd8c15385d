package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.SpringCrashAtCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * B12: a crash case whose process is a Spring Boot application ({@link SpringCrashAtCase}: Boot, Spring Modulith's
 * JDBC registry, an H2 file, through {@code SpringProcess}), each test in this JVM and as a real process exit, run
 * whole through the JUnit Platform launcher in this JVM; per case = start to end of the case as the launcher reports
 * it, the first method's two cases left out (the class's set-up). The value is the child-process cases' median over
 * the in-process cases' of the same tests in the same runs. With the kit's defaults (children started ahead) and, as
 * context rows, with {@code deliverykit.child.parallelism=1}, whose children start when their case does: their split
 * of the first process's time (JVM start to the test method, the method to a started application) says what a child
 * case pays for, and with the kit's class-data sharing switched off. The settings alternate within a round, their
 * order reversed every round; the untimed first round makes the children's archive.
 */
public final class SpringContextCase {

    private static final Target TARGET = Target.atMost(1.5, "x");
    private static final String DEFAULTS = "default parallelism";
    private static final String ONE = "parallelism 1";
    private static final String UNSHARED = "without class-data sharing";
    private static final String FIGURE = "a crash case whose process is a Spring Boot application (Modulith's JDBC"
            + " registry, H2 file; SpringProcess starts it, a fresh one recovers), @CrashAt right after the order's"
            + " commit, through the JUnit launcher, per case; value = the child-JVM case over the in-process case of the"
            + " same test in the same run";

    private final RunSettings settings;

    /** With these settings. */
    public SpringContextCase(RunSettings settings) {
        this.settings = settings;
    }

    /** Each setting's samples. */
    private static final class Samples {
        final List<Double> inProcess = new ArrayList<>();
        final List<Double> child = new ArrayList<>();
        final List<Double> childToTheMethod = new ArrayList<>();
        final List<Double> childApplication = new ArrayList<>();
        final List<Double> inProcessApplication = new ArrayList<>();
    }

    /** The B12 rows. */
    public List<Figure> measure() {
        Map<String, Map<String, String>> variants = new LinkedHashMap<>();
        Map<String, Samples> samples = new LinkedHashMap<>();
        try (Scratch reports = Scratch.create("b12-reports");
                Scratch archives = Scratch.create("b12-cds")) {
            String directory = DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY;
            variants.put(DEFAULTS, Map.of(directory, archives.root().toString()));
            if (!settings.smoke()) {
                variants.put(
                        ONE,
                        Map.of(directory, archives.root().toString(), DeliveryKitConfiguration.CHILD_PARALLELISM, "1"));
                variants.put(UNSHARED, Map.of(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING, "false"));
            }
            variants.keySet().forEach(name -> samples.put(name, new Samples()));
            LauncherRun launcher = LauncherRun.of(SpringCrashAtCase.class, reports.root());
            int rounds = settings.processWarmupRounds() + settings.shardRounds();
            for (int round = 0; round < rounds; round++) {
                List<String> order = new ArrayList<>(variants.keySet());
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (String variant : order) {
                    SpringCrashAtCase.STARTS.clear();
                    LauncherRun.Timed run = launcher.run(variants.get(variant), 2 * SpringCrashAtCase.CASES);
                    reports.clear();
                    if (round >= settings.processWarmupRounds()) {
                        keep(run, samples.get(variant));
                    }
                }
            }
        }
        Samples byDefault = samples.get(DEFAULTS);
        List<Figure> figures = new ArrayList<>();
        Measurement inProcess = Measurement.ofSamples("in-process case, " + cases(), "ms", byDefault.inProcess);
        figures.add(Figure.ratio(
                "B12",
                FIGURE + ", " + DEFAULTS,
                Measurement.ofSamples("child-JVM case, " + DEFAULTS + ", " + cases(), "ms", byDefault.child),
                inProcess,
                TARGET));
        if (samples.containsKey(UNSHARED)) {
            figures.add(Figure.info(
                    "B12 sharing effect",
                    "the child-JVM case with the kit's class-data sharing against without (" + DEFAULTS + ")",
                    Measurement.ofSamples("child-JVM case, " + DEFAULTS + ", " + cases(), "ms", byDefault.child),
                    Measurement.ofSamples(
                            "child-JVM case, " + UNSHARED + ", " + cases(), "ms", samples.get(UNSHARED).child)));
        }
        if (samples.containsKey(ONE)) {
            Samples one = samples.get(ONE);
            Measurement childOne = Measurement.ofSamples("child-JVM case, " + ONE + ", " + cases(), "ms", one.child);
            figures.add(Figure.info(
                    "B12 parallelism 1",
                    FIGURE + ", " + ONE,
                    childOne,
                    Measurement.ofSamples("in-process case, " + ONE + ", " + cases(), "ms", one.inProcess)));
            figures.add(Figure.info(
                    "B12 child to the method",
                    "in the child (" + ONE + "): from the JVM's start to the test method (JVM, launcher, Jupiter, the"
                            + " kit's rerun of the method), against the whole child case",
                    Measurement.ofSamples("child JVM start to the test method", "ms", one.childToTheMethod),
                    childOne));
            figures.add(Figure.info(
                    "B12 child application start",
                    "in the child (" + ONE + "): from the test method to a started application, against the same in"
                            + " the in-process case (a warm JVM)",
                    Measurement.ofSamples("application start in the child", "ms", one.childApplication),
                    Measurement.ofSamples("application start in this JVM", "ms", one.inProcessApplication)));
        }
        return figures;
    }

    /** The run's cases but the first method's two, each in its mode, and their first processes' starts. */
    private static void keep(LauncherRun.Timed run, Samples samples) {
        List<SpringCrashAtCase.Start> starts = SpringCrashAtCase.STARTS;
        if (starts.size() != run.caseIds().size()) {
            throw new IllegalStateException(
                    run.caseIds().size() + " cases ran but " + starts.size() + " noted their start: " + starts);
        }
        for (int i = 2; i < run.caseIds().size(); i++) {
            // an invocation's index is its mode's place in the annotation: #1 in this JVM, #2 in a child
            boolean child = run.caseIds().get(i).endsWith("#2]");
            SpringCrashAtCase.Start start = starts.get(i);
            if (child != start.child()) {
                throw new IllegalStateException("case " + run.caseIds().get(i) + " ran its first process "
                        + (start.child() ? "in a child JVM" : "in this JVM") + ", not as its index says");
            }
            (child ? samples.child : samples.inProcess).add(run.caseMillis().get(i));
            if (child) {
                samples.childToTheMethod.add(start.toTheMethod());
                samples.childApplication.add(start.theApplication());
            } else {
                samples.inProcessApplication.add(start.theApplication());
            }
        }
    }

    private static String cases() {
        return "tests 2.." + SpringCrashAtCase.CASES;
    }
}
