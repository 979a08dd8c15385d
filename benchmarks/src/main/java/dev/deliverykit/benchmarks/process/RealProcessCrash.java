package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.RunSettings;
import dev.deliverykit.benchmarks.junit.PlainWorkloadCase;
import dev.deliverykit.benchmarks.junit.TrivialCase;
import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.benchmarks.report.Figure;
import dev.deliverykit.benchmarks.report.Measurement;
import dev.deliverykit.benchmarks.report.Target;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.ChildLaunch;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ClassDataSharing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * B2: a real-process crash case (a child JVM with {@code -javaagent:<kit jar>} runs the workload and halts
 * with exit code 73 at {@code apply.after-commit}; the parent recovers from the files and checks), timed
 * whole from the parent, against a bare child JVM that runs one trivial JUnit test through the JUnit
 * Platform launcher. The crash child starts as the kit starts it (C1 only, {@code ChildLaunch}'s quick-start
 * options, and the kit's class-data sharing); it is also timed, without the kit's sharing, with the JVM's own
 * defaults, and with more start-up options: an AppCDS archive trained on the same child, the serial collector,
 * and both. A bare child JVM that runs B2's workload as a plain JUnit test, without the kit
 * ({@link PlainWorkloadCase}), tells what the kit adds from what the workload costs in a fresh JVM. Variants run
 * interleaved, round after round,
 * after an untimed warm-up round. The same case through the kit's JUnit face, as a user runs it in
 * {@code CHILD_PROCESS} mode, is timed per case in the same rounds ({@link JUnitFaceChildCase}).
 */
public final class RealProcessCrash {

    private static final Target TARGET = Target.atMost(1.25, "x");
    /** The crash child as the kit starts it: its quick-start options (C1 only), nothing else. */
    private static final String KIT_DEFAULTS = "kit defaults (C1 only, class-data sharing)";
    /** The crash child with the JVM's own defaults ({@code ChildLaunch.withoutQuickStart()}). */
    private static final String JVM_DEFAULTS = "JVM defaults (withoutQuickStart)";

    private final RunSettings settings;
    private final AgentJar agent;

    /** With these settings and agent jar. */
    public RealProcessCrash(RunSettings settings, AgentJar agent) {
        this.settings = settings;
        this.agent = agent;
    }

    /** The B2 rows. */
    public List<Figure> measure() {
        try (Scratch scratch = Scratch.create("b2");
                Scratch archives = Scratch.create("b2-cds");
                Scratch reports = Scratch.create("b2-reports")) {
            Optional<String> noCds = CdsArchive.unavailableBecause();
            JUnitFaceChildCase junitFace =
                    new JUnitFaceChildCase(reports.root(), archives.root().resolve("kit"));
            List<String> c1AndSerial = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
            List<JvmFlags> crashVariants = new ArrayList<>();
            crashVariants.add(JvmFlags.of(KIT_DEFAULTS));
            List<JvmFlags> baselineVariants = new ArrayList<>();
            baselineVariants.add(JvmFlags.of("default options"));
            if (noCds.isEmpty()) {
                CdsArchive crashArchive = CdsArchive.train(
                        archives.root(),
                        "crash-child",
                        flags -> crashCase(scratch, JvmFlags.of("training", flags), archives.root()));
                CdsArchive junitArchive = CdsArchive.train(
                        archives.root(),
                        "junit-child",
                        flags -> bareJUnitChild(JvmFlags.of("training", flags), TrivialCase.class));
                if (settings.everyStartupVariant()) {
                    crashVariants.add(JvmFlags.of(JVM_DEFAULTS));
                    crashVariants.add(JvmFlags.of("AppCDS", crashArchive.useFlags()));
                    crashVariants.add(JvmFlags.of("SerialGC", c1AndSerial.subList(1, 2)));
                }
                crashVariants.add(
                        JvmFlags.of("AppCDS + C1 only + SerialGC", concat(crashArchive.useFlags(), c1AndSerial)));
                baselineVariants.add(
                        JvmFlags.of("AppCDS + C1 only + SerialGC", concat(junitArchive.useFlags(), c1AndSerial)));
            } else {
                if (settings.everyStartupVariant()) {
                    crashVariants.add(JvmFlags.of(JVM_DEFAULTS));
                    crashVariants.add(JvmFlags.of("SerialGC", c1AndSerial.subList(1, 2)));
                }
                crashVariants.add(JvmFlags.of("C1 only + SerialGC (no AppCDS: " + noCds.get() + ")", c1AndSerial));
                baselineVariants.add(JvmFlags.of("C1 only + SerialGC", c1AndSerial));
            }
            Map<JvmFlags, List<Double>> crash = new LinkedHashMap<>();
            Map<JvmFlags, List<Double>> baseline = new LinkedHashMap<>();
            crashVariants.forEach(v -> crash.put(v, new ArrayList<>()));
            baselineVariants.forEach(v -> baseline.put(v, new ArrayList<>()));
            List<Double> plainWorkload = new ArrayList<>();
            Path kitArchives = archives.root().resolve("kit");
            int rounds = settings.processWarmupRounds() + settings.processRounds();
            for (int round = 0; round < rounds; round++) {
                boolean timed = round >= settings.processWarmupRounds();
                if (round == settings.processWarmupRounds()) {
                    // the kit's archive, listed by the first crash child, is made before any timed child starts
                    ClassDataSharing.dumped(kitArchives, System.getProperty("java.class.path"))
                            .join();
                }
                for (JvmFlags variant : crashVariants) {
                    double millis = crashCase(scratch, variant, kitArchives);
                    if (timed) {
                        crash.get(variant).add(millis);
                    }
                }
                for (JvmFlags variant : baselineVariants) {
                    double millis = bareJUnitChild(variant, TrivialCase.class);
                    if (timed) {
                        baseline.get(variant).add(millis);
                    }
                }
                double plain = bareJUnitChild(baselineVariants.get(0), PlainWorkloadCase.class);
                if (timed) {
                    plainWorkload.add(plain);
                }
                junitFace.round(timed);
                scratch.clear();
            }
            List<Figure> figures = figures(crash, baseline);
            Measurement plain = Measurement.ofSamples(
                    "bare JUnit child JVM, B2's workload, recovery and check without the kit, default options",
                    "ms",
                    plainWorkload);
            figures.add(Figure.info(
                    "B2 plain workload child",
                    "B2's workload, recovery and check as a plain JUnit test in a bare child JVM, no kit: what the"
                            + " user's code costs in a fresh JVM",
                    plain,
                    figures.get(0).baseline()));
            figures.add(Figure.info(
                    "B2 against the plain workload child",
                    "B2's real-process crash case against the same workload run in a bare JUnit child without the kit",
                    figures.get(0).measured(),
                    plain));
            figures.addAll(junitFace.figures(figures.get(0).baseline(), plain));
            return figures;
        }
    }

    private List<Figure> figures(Map<JvmFlags, List<Double>> crash, Map<JvmFlags, List<Double>> baseline) {
        List<JvmFlags> baselineVariants = new ArrayList<>(baseline.keySet());
        Measurement bare = Measurement.ofSamples(
                "bare JUnit child JVM, 1 trivial test, default options", "ms", baseline.get(baselineVariants.get(0)));
        List<Figure> figures = new ArrayList<>();
        boolean first = true;
        for (Map.Entry<JvmFlags, List<Double>> entry : crash.entrySet()) {
            String id = first ? "B2" : "B2 " + entry.getKey().name();
            Measurement measured = Measurement.ofSamples(
                    "real-process crash case, child " + entry.getKey().name(), "ms", entry.getValue());
            figures.add(Figure.ratio(
                    id,
                    "real-process crash case at apply.after-commit (child JVM halts with 73;"
                            + " parent recovers and checks), whole, from the parent",
                    measured,
                    bare,
                    TARGET));
            first = false;
        }
        JvmFlags fastBaseline = baselineVariants.get(1);
        Measurement fastBare =
                Measurement.ofSamples("bare JUnit child JVM, " + fastBaseline.name(), "ms", baseline.get(fastBaseline));
        figures.add(Figure.info(
                "B2 baseline " + fastBaseline.name(),
                "the bare JUnit child itself with the same start-up options",
                fastBare,
                bare));
        JvmFlags fastCrash = new ArrayList<>(crash.keySet()).get(crash.size() - 1);
        figures.add(Figure.info(
                "B2 both " + fastCrash.name(),
                "crash child and bare JUnit child both with the start-up options",
                Measurement.ofSamples("real-process crash case, child " + fastCrash.name(), "ms", crash.get(fastCrash)),
                fastBare));
        return figures;
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    /** One timed real-process crash case: child crash, recovery and check in this JVM. */
    private double crashCase(Scratch scratch, JvmFlags flags, Path kitArchives) {
        String dir = scratch.next().toString();
        long start = System.nanoTime();
        ChildLaunch configured = ChildLaunch.of(CrashCaseProcess.class)
                .args(dir)
                .jvmArgs(flags.with(agent.option()))
                .timeout(TimedChild.TIMEOUT);
        // only the kit's defaults share classes: the other variants are what they say
        ChildLaunch launch = KIT_DEFAULTS.equals(flags.name())
                ? configured.withClassDataSharingIn(kitArchives)
                : configured.withoutClassDataSharing();
        CrashResult crash = BoundaryEngine.get()
                .crashInChildProcess(
                        CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.APPLY_AFTER_COMMIT),
                        JVM_DEFAULTS.equals(flags.name()) ? launch.withoutQuickStart() : launch);
        CrashCase.requireCrashedAt(crash, OrderedBoundaries.APPLY_AFTER_COMMIT);
        int exitCode = crash.childResult().orElseThrow().exitCode();
        if (exitCode != BoundaryEngine.CRASH_EXIT_CODE) {
            throw new IllegalStateException(
                    "the crash child exited with " + exitCode + ", expected " + BoundaryEngine.CRASH_EXIT_CODE + ":\n"
                            + crash.childResult().orElseThrow());
        }
        CrashCase.recoverAndCheck(Path.of(dir));
        return (System.nanoTime() - start) / 1e6;
    }

    /** One timed bare child JVM that runs the one test of {@code testClass}. */
    private static double bareJUnitChild(JvmFlags flags, Class<?> testClass) {
        return TimedChild.run(
                        ChildJvm.mainClass(JUnitCaseMain.class)
                                .args(testClass.getName(), "1")
                                .jvmArgs(flags.with()),
                        0)
                .millis();
    }
}
