package dev.deliverykit.junit5.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs test classes through the Jupiter engine (EngineTestKit), the way Maven or an IDE would, with the crash
 * report going to a directory of your choice and no summary printed; {@link CrashTestKitOnly} classes run.
 *
 * <pre>{@code
 * CrashTestResults results = CrashTestKit.reportingTo(reportDir)
 *         .with(DeliveryKitConfiguration.MODE, "child_process")
 *         .run(MarkFirstPipeline.class);
 * }</pre>
 *
 * <p>A run is the whole of its test classes, whatever {@code deliverykit.shard} the build runs with (a test of what
 * a kit test does asserts on all of its cases); {@code .with(DeliveryKitConfiguration.SHARD, "2/4")} runs a shard.
 *
 * <p>Not for use from several threads at once; each {@link #run} is a launcher run of its own.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashTestKit {

    /** The configuration parameter a run of the kit sets, which enables {@link CrashTestKitOnly} classes. */
    public static final String RUNNING = "deliverykit.testkit.running";

    private final Map<String, String> parameters = new LinkedHashMap<>();

    private CrashTestKit(Path reportDirectory) {
        parameters.put(RUNNING, "true");
        parameters.put(DeliveryKitConfiguration.REPORT_DIR, reportDirectory.toString());
        parameters.put(DeliveryKitConfiguration.REPORT_SUMMARY, "false");
        // An empty parameter hides the build's -Ddeliverykit.shard (a system property), and reads as unset.
        parameters.put(DeliveryKitConfiguration.SHARD, "");
    }

    /** A kit whose runs write their crash report into {@code reportDirectory}. */
    public static CrashTestKit reportingTo(Path reportDirectory) {
        return new CrashTestKit(Objects.requireNonNull(reportDirectory, "reportDirectory"));
    }

    /** Adds (or replaces) a configuration parameter of every later run, such as {@code deliverykit.mode}. */
    public CrashTestKit with(String key, String value) {
        parameters.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Runs the test classes, in one launcher run, and returns what the engine reported. */
    public CrashTestResults run(Class<?>... testClasses) {
        return run(
                Arrays.stream(testClasses).map(DiscoverySelectors::selectClass).toArray(DiscoverySelector[]::new));
    }

    /**
     * Runs what the selectors select, in one launcher run, for example one invocation by its unique id
     * ({@code DiscoverySelectors.selectUniqueId(...)}), and returns what the engine reported.
     */
    public CrashTestResults run(DiscoverySelector... selectors) {
        return new CrashTestResults(EngineTestKit.engine("junit-jupiter")
                .configurationParameters(parameters)
                .selectors(selectors)
                .execute());
    }
}
