package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.rerun.RerunMain;
import java.lang.reflect.Method;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The configuration parameters of {@link DeliveryKitConfiguration}, read and checked at once; a bad value is
 * an {@link ExtensionConfigurationException} naming the key, the value and what is accepted.
 *
 * @param defaultModes the modes of cases whose annotation names none: one, or both (each case once per mode)
 * @param sweepMaxCases the default sweep cap
 * @param sweepCrashRecovery whether every sweep crashes its recoveries too
 * @param sweepMaxRecoveryCases the default cap on a sweep's recovery crash cases
 * @param reportDirectory where the report files go
 * @param reportEnabled whether to write them
 * @param summaryEnabled whether to print the Markdown summary
 * @param childTimeout how long a child JVM may live
 * @param replay the one case to run, if set
 * @param childJvmOptions options added to every child JVM's command line
 * @param childJvmOptionsDropped prefixes of inherited options left out of every child JVM's command line
 * @param childParallelism how many child JVMs may be alive at once (see {@link DeliveryKitConfiguration#CHILD_PARALLELISM})
 * @param childRerun whether this JVM is a child rerunning one case of the test JVM (set by {@link RerunMain})
 * @param siteSeeThrough packages and classes every kit test sees through when it names a crash site
 * @param shard the shard of every test's cases this run runs, if the run is sharded
 * @param sweepExhaustive whether every sweep crashes at every recorded point, equivalent or not
 * @param childArchiveDirectory where the child JVMs' class-data-sharing archives are kept; empty: no sharing
 */
@API(status = INTERNAL, since = "0.1")
public record KitSettings(
        List<CrashMode> defaultModes,
        int sweepMaxCases,
        boolean sweepCrashRecovery,
        int sweepMaxRecoveryCases,
        Path reportDirectory,
        boolean reportEnabled,
        boolean summaryEnabled,
        Duration childTimeout,
        Optional<ReplayKey> replay,
        List<String> childJvmOptions,
        List<String> childJvmOptionsDropped,
        int childParallelism,
        boolean childRerun,
        List<String> siteSeeThrough,
        Optional<Shard> shard,
        boolean sweepExhaustive,
        Optional<Path> childArchiveDirectory) {

    /** The configuration parameter that tells the kit in a rerun JVM that it reruns one case of the test JVM. */
    public static final String RERUN = "deliverykit.child.rerun";

    /** JUnit Jupiter's switch for parallel execution, which an in-process crash must not meet. */
    public static final String PARALLEL_ENABLED = "junit.jupiter.execution.parallel.enabled";

    /** JUnit Jupiter's switch for closing {@code AutoCloseable} store values, which writes the report. */
    public static final String STORE_CLOSES_AUTOCLOSEABLE =
            "junit.jupiter.extensions.store.close.autocloseable.enabled";

    /** JUnit Platform's switch for the Open Test Reporting XML file, which the kit's attachments go to. */
    public static final String OPEN_XML = "junit.platform.reporting.open.xml.enabled";

    public KitSettings {
        defaultModes = List.copyOf(defaultModes);
        childJvmOptions = List.copyOf(childJvmOptions);
        childJvmOptionsDropped = List.copyOf(childJvmOptionsDropped);
        siteSeeThrough = List.copyOf(siteSeeThrough);
    }

    /** Reads every key; throws on the first bad value. */
    public static KitSettings read(ExtensionContext context) {
        return new KitSettings(
                modes(context),
                cap(
                        context,
                        DeliveryKitConfiguration.SWEEP_MAX_CASES,
                        DeliveryKitConfiguration.DEFAULT_SWEEP_MAX_CASES),
                value(context, DeliveryKitConfiguration.SWEEP_CRASH_RECOVERY).isPresent()
                        && flag(context, DeliveryKitConfiguration.SWEEP_CRASH_RECOVERY),
                cap(
                        context,
                        DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES,
                        DeliveryKitConfiguration.DEFAULT_SWEEP_MAX_RECOVERY_CASES),
                reportDirectory(context),
                flag(context, DeliveryKitConfiguration.REPORT_ENABLED),
                flag(context, DeliveryKitConfiguration.REPORT_SUMMARY),
                childTimeout(context),
                replay(context),
                words(context, DeliveryKitConfiguration.CHILD_JVM_OPTIONS, "\\s+"),
                words(context, DeliveryKitConfiguration.CHILD_JVM_OPTIONS_DROPPED, "\\s*,\\s*"),
                childParallelism(context),
                value(context, RERUN).map(Boolean::parseBoolean).orElse(false),
                siteSeeThrough(context),
                shard(context),
                flag(context, DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, false),
                childArchiveDirectory(context));
    }

    /**
     * {@code watch} seeing through this configuration's packages and classes and the annotation's.
     *
     * @throws ExtensionConfigurationException for an annotation entry that is not a package or class name
     */
    public WatchList seeingThrough(WatchList watch, String[] declared, String annotation, Method method) {
        WatchList configured = watch.seeingThrough(siteSeeThrough.toArray(new String[0]));
        try {
            return configured.seeingThrough(declared);
        } catch (IllegalArgumentException e) {
            throw ConfigurationErrors.of(
                    annotation + "(seeThrough = " + ConfigurationErrors.literal(declared) + ")",
                    method,
                    e,
                    "name packages or classes, for example seeThrough = \"com.example.db\"");
        }
    }

    /**
     * The modes an annotation's {@code mode} element gives, in its order and each once: every mode it names, or
     * the configured default when it names none.
     */
    public List<CrashMode> modes(CrashMode[] declared) {
        return declared.length == 0
                ? defaultModes
                : Arrays.stream(declared).distinct().toList();
    }

    /** Whether this JVM is a child rerunning one case and {@code mode} is the mode it reruns. */
    public boolean rerunsInThisChild(CrashMode mode) {
        return childRerun && mode == CrashMode.CHILD_PROCESS;
    }

    /**
     * Whether this run runs the case with number {@code caseNumber} (from 0) in the unsharded order of its test (or
     * sweep): every case when the run is not sharded.
     */
    public boolean inShard(int caseNumber) {
        return shard.map(value -> value.runs(caseNumber)).orElse(true);
    }

    private static List<String> words(ExtensionContext context, String key, String separator) {
        return value(context, key)
                .map(text -> Arrays.stream(text.split(separator))
                        .filter(word -> !word.isEmpty())
                        .toList())
                .orElse(List.of());
    }

    private static Optional<String> value(ExtensionContext context, String key) {
        return context.getConfigurationParameter(key).map(String::trim).filter(text -> !text.isEmpty());
    }

    private static List<CrashMode> modes(ExtensionContext context) {
        Optional<String> text = value(context, DeliveryKitConfiguration.MODE);
        if (text.isEmpty()) {
            return List.of(CrashMode.IN_PROCESS);
        }
        String normalised = text.get().toUpperCase(Locale.ROOT).replace('-', '_');
        if (normalised.equals("BOTH")) {
            return List.of(CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS);
        }
        if (normalised.equals(CrashMode.IN_PROCESS.name()) || normalised.equals(CrashMode.CHILD_PROCESS.name())) {
            return List.of(CrashMode.valueOf(normalised));
        }
        throw bad(DeliveryKitConfiguration.MODE, text.get(), "expected in_process, child_process or both");
    }

    private static int cap(ExtensionContext context, String key, int defaultCap) {
        Optional<String> text = value(context, key);
        if (text.isEmpty()) {
            return defaultCap;
        }
        if (!text.get().matches("[1-9][0-9]{0,8}")) {
            throw bad(key, text.get(), "expected a whole number from 1, for example " + defaultCap);
        }
        return Integer.parseInt(text.get());
    }

    private static Path reportDirectory(ExtensionContext context) {
        String text =
                value(context, DeliveryKitConfiguration.REPORT_DIR).orElse(DeliveryKitConfiguration.DEFAULT_REPORT_DIR);
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw bad(DeliveryKitConfiguration.REPORT_DIR, text, "expected a directory path (" + e.getReason() + ")");
        }
    }

    private static boolean flag(ExtensionContext context, String key) {
        return flag(context, key, true);
    }

    private static boolean flag(ExtensionContext context, String key, boolean unset) {
        Optional<String> text = value(context, key);
        if (text.isEmpty()) {
            return unset;
        }
        if (text.get().equalsIgnoreCase("true")) {
            return true;
        }
        if (text.get().equalsIgnoreCase("false")) {
            return false;
        }
        throw bad(key, text.get(), "expected true or false");
    }

    private static Optional<Path> childArchiveDirectory(ExtensionContext context) {
        if (!flag(context, DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING)) {
            return Optional.empty();
        }
        String text = value(context, DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY)
                .orElse(DeliveryKitConfiguration.DEFAULT_CHILD_CLASS_DATA_SHARING_DIRECTORY);
        try {
            return Optional.of(Path.of(text));
        } catch (InvalidPathException e) {
            throw bad(
                    DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY,
                    text,
                    "expected a directory path (" + e.getReason() + ")");
        }
    }

    private static int childParallelism(ExtensionContext context) {
        Optional<String> text = value(context, DeliveryKitConfiguration.CHILD_PARALLELISM);
        if (text.isEmpty()) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (!text.get().matches("[1-9][0-9]{0,3}")) {
            throw bad(
                    DeliveryKitConfiguration.CHILD_PARALLELISM,
                    text.get(),
                    "expected a whole number from 1, for example 2");
        }
        return Integer.parseInt(text.get());
    }

    private static Duration childTimeout(ExtensionContext context) {
        String text = value(context, DeliveryKitConfiguration.CHILD_TIMEOUT)
                .orElse(DeliveryKitConfiguration.DEFAULT_CHILD_TIMEOUT);
        return DurationText.parse(text)
                .orElseThrow(
                        () -> bad(DeliveryKitConfiguration.CHILD_TIMEOUT, text, "expected " + DurationText.EXPECTED));
    }

    private static Optional<ReplayKey> replay(ExtensionContext context) {
        Optional<String> text = value(context, DeliveryKitConfiguration.REPLAY);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ReplayKey.parse(text.get()));
        } catch (IllegalArgumentException e) {
            throw bad(
                    DeliveryKitConfiguration.REPLAY,
                    text.get(),
                    e.getMessage() + "; copy the key from a failure message or the report");
        }
    }

    private static List<String> siteSeeThrough(ExtensionContext context) {
        Optional<String> text = value(context, DeliveryKitConfiguration.SITE_SEE_THROUGH);
        if (text.isEmpty()) {
            return List.of();
        }
        WatchList watch = WatchList.of();
        for (String entry : text.get().split(",", -1)) {
            try {
                watch = watch.seeingThrough(entry);
            } catch (IllegalArgumentException e) {
                throw bad(
                        DeliveryKitConfiguration.SITE_SEE_THROUGH,
                        text.get(),
                        "\"" + entry.trim() + "\" is not a package or class name; expected comma-separated dotted"
                                + " Java names such as com.example.db, com.example.util.Tx");
            }
        }
        return watch.seeThrough();
    }

    private static Optional<Shard> shard(ExtensionContext context) {
        Optional<String> text = value(context, DeliveryKitConfiguration.SHARD);
        try {
            return text.map(Shard::parse);
        } catch (IllegalArgumentException e) {
            throw bad(DeliveryKitConfiguration.SHARD, text.orElseThrow(), e.getMessage());
        }
    }

    private static ExtensionConfigurationException bad(String key, String value, String reason) {
        return new ExtensionConfigurationException(
                SettingMessages.badParameter(key, value, reason).sentences());
    }
}
