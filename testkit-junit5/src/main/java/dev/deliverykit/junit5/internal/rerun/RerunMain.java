package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.ChildRun;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.config.KitSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The main class of a child JVM that reruns one {@code CHILD_PROCESS} case. It loads the JUnit Platform launcher,
 * then reads the path of its case file ({@link RerunCaseFile}) from standard input, so that it may be started ahead
 * of its case ({@link RerunJvmPool}); it sets the test JVM's run-time system properties, then runs the test template through the JUnit Platform launcher, selecting the case by its replay key, with
 * {@code @TempDir} pointing at the test JVM's directories; the test's {@code scenario.run(...)} then runs the
 * workload and halts this JVM (exit code 73 at the boundary). Nothing after {@code scenario.run} runs here.
 *
 * <p>If the launcher returns, the test never handed its workload to the kit (it failed or was skipped before
 * {@code scenario.run}, or the template was not found): the child says why on stderr and halts with
 * {@value #NO_WORKLOAD_EXIT_CODE}.
 */
@API(status = INTERNAL, since = "0.1")
public final class RerunMain {

    /** The exit code of a child whose test never ran its workload. */
    static final int NO_WORKLOAD_EXIT_CODE = 3;

    /**
     * The configuration parameters the test JVM passes on when its launcher has them: the kit's (they decide the
     * cases) and JUnit Jupiter's that change how a test class runs. Others come from
     * {@code junit-platform.properties}, which the child reads from the same class path.
     */
    static final List<String> FORWARDED_KEYS = List.of(
            DeliveryKitConfiguration.MODE,
            DeliveryKitConfiguration.SWEEP_MAX_CASES,
            DeliveryKitConfiguration.SWEEP_CRASH_RECOVERY,
            DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES,
            DeliveryKitConfiguration.CHILD_TIMEOUT,
            DeliveryKitConfiguration.CHILD_JVM_OPTIONS,
            DeliveryKitConfiguration.CHILD_JVM_OPTIONS_DROPPED,
            DeliveryKitConfiguration.CHILD_PARALLELISM,
            "deliverykit.testkit.running", // CrashTestKit.RUNNING: its fixtures run in its children too
            "junit.jupiter.testinstance.lifecycle.default",
            "junit.jupiter.extensions.autodetection.enabled",
            "junit.jupiter.extensions.autodetection.include",
            "junit.jupiter.extensions.autodetection.exclude",
            "junit.jupiter.extensions.store.close.autocloseable.enabled",
            "junit.jupiter.conditions.deactivate",
            "junit.jupiter.displayname.generator.default",
            "junit.jupiter.execution.timeout.default",
            "junit.jupiter.execution.timeout.testtemplate.method.default",
            "junit.jupiter.execution.timeout.mode");

    private RerunMain() {}

    /** {@code RerunMain [templateUniqueId]}: the template whose discovery to run while waiting, if any. */
    public static void main(String[] args) throws IOException {
        Launcher launcher = LauncherFactory.create(); // before the case is known: a child may be started ahead
        if (args.length > 0) {
            discoverAhead(launcher, args[0]);
        }
        String caseFile = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        if (caseFile == null) {
            Runtime.getRuntime().halt(0); // started ahead and never needed: the run is over
        }
        RerunCaseFile file = RerunCaseFile.read(Path.of(caseFile));
        Set<String> given = givenOnTheCommandLine();
        file.systemProperties().forEach((key, value) -> {
            if (!given.contains(key)) {
                System.setProperty(key, value);
            }
        });
        System.setProperty(ChildRun.PLAN_PROPERTY, file.plan());
        System.setProperty(ChildRun.REPORT_PROPERTY, file.report());
        RerunTempDirectories.use(file.tempDirectories());
        FixtureFiles.useInThisChild(file.fixtures());
        Map<String, String> configuration = new LinkedHashMap<>(file.configuration());
        configuration.put(KitSettings.RERUN, "true");
        configuration.put(DeliveryKitConfiguration.REPLAY, file.replayKey());
        configuration.put(DeliveryKitConfiguration.REPORT_ENABLED, "false");
        configuration.put(DeliveryKitConfiguration.REPORT_SUMMARY, "false");
        configuration.put("junit.jupiter.tempdir.factory.default", RerunTempDirectories.class.getName());
        configuration.put("junit.jupiter.tempdir.cleanup.mode.default", "never");
        configuration.put(KitSettings.PARALLEL_ENABLED, "false");
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectUniqueId(file.templateUniqueId()))
                .configurationParameters(configuration)
                .build();
        Outcomes outcomes = new Outcomes();
        launcher.execute(request, outcomes);
        System.out.flush();
        System.err.println(outcomes.describe(file));
        System.err.flush();
        Runtime.getRuntime().halt(NO_WORKLOAD_EXIT_CODE);
    }

    /**
     * Discovers the test template of the case that started this child ahead, and throws the plan away: it loads
     * the test class and what JUnit Jupiter and the kit need to discover it while this child waits, so that the
     * case, most often another of the same template, does not pay for it. Discovery initialises no test class and
     * runs nothing of the test; a template that is not found here costs only the time it took.
     */
    static void discoverAhead(Launcher launcher, String templateUniqueId) {
        try {
            launcher.discover(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectUniqueId(templateUniqueId))
                    .configurationParameters(Map.of(
                            KitSettings.RERUN,
                            "true",
                            DeliveryKitConfiguration.REPORT_ENABLED,
                            "false",
                            DeliveryKitConfiguration.REPORT_SUMMARY,
                            "false",
                            KitSettings.PARALLEL_ENABLED,
                            "false"))
                    .build());
        } catch (RuntimeException e) {
            // only a head start: the case's own discovery reports what is wrong
        }
    }

    /** The system properties this JVM's command line gives ({@code -Dkey=value}): they win over the test JVM's. */
    private static Set<String> givenOnTheCommandLine() {
        Set<String> keys = new HashSet<>();
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (option.startsWith("-D")) {
                int equals = option.indexOf('=');
                keys.add(equals < 0 ? option.substring(2) : option.substring(2, equals));
            }
        }
        return keys;
    }

    /** What the rerun did instead of handing its workload to the kit. */
    private static final class Outcomes implements TestExecutionListener {

        private final List<String> lines = new ArrayList<>();

        @Override
        public synchronized void executionSkipped(TestIdentifier test, String reason) {
            lines.add(test.getDisplayName() + " was skipped: " + reason);
        }

        @Override
        public synchronized void executionFinished(TestIdentifier test, TestExecutionResult result) {
            result.getThrowable().ifPresent(thrown -> {
                StringWriter trace = new StringWriter();
                thrown.printStackTrace(new PrintWriter(trace));
                lines.add(test.getDisplayName() + " ended " + result.getStatus() + ": "
                        + trace.toString().strip());
            });
        }

        synchronized String describe(RerunCaseFile file) {
            String what = lines.isEmpty()
                    ? "nothing ran: no test with the unique id " + file.templateUniqueId() + " and the case "
                            + file.replayKey() + " was found on this class path"
                    : String.join("\n", lines);
            return RerunEnd.MARKER + "child JVM rerunning " + file.replayKey() + " of " + file.templateUniqueId()
                    + " ended without running the workload: the test never reached scenario.run(...) here.\n" + what;
        }
    }
}
