package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.boundary.ChildLaunch;
import org.apiguardian.api.API;

/**
 * The configuration parameters of the kit's JUnit extension, read the JUnit way
 * ({@code ExtensionContext.getConfigurationParameter}): from the launcher, from a JVM system property
 * ({@code -Ddeliverykit.replay=...}) or from {@code src/test/resources/junit-platform.properties}:
 *
 * <pre>
 * # junit-platform.properties
 * deliverykit.mode = in_process
 * deliverykit.sweep.max-cases = 200
 * deliverykit.sweep.crash-recovery = false
 * deliverykit.sweep.max-recovery-cases = 500
 * deliverykit.report.dir = target/deliverykit
 * deliverykit.child.timeout = 60 s
 * deliverykit.site.see-through = com.example.db
 * # deliverykit.shard = 2/4
 * # deliverykit.replay = boundary=after-outbox-insert;hit=1
 * </pre>
 *
 * <p>A value that cannot be read fails every kit test at its start, before anything is instrumented, with
 * an {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} naming the key, the value and
 * the accepted values.
 *
 * <p><b>Parallel execution.</b> An in-process crash instruments every JDBC call in the JVM, so no other
 * test may run meanwhile. When {@code junit.jupiter.execution.parallel.enabled} is {@code true}, a kit test
 * runs only in a class annotated {@code @org.junit.jupiter.api.parallel.Isolated} (its invocations then run
 * one after the other, alone); otherwise it fails at its start with a configuration error saying so. A
 * {@link CrashAt} test whose every case is {@link dev.deliverykit.CrashMode#CHILD_PROCESS} needs no
 * isolation.
 *
 * <p><b>Report.</b> At the end of the run the kit writes {@code report.json}, {@code report.html} and
 * {@code report.md} into {@value #REPORT_DIR} and prints a Markdown summary to standard output. It does so when
 * JUnit closes the root {@code ExtensionContext.Store} (an {@code AutoCloseable} value), so it works under any
 * launcher (Maven, Gradle, an IDE, EngineTestKit) without a listener; it needs
 * {@code junit.jupiter.extensions.store.close.autocloseable.enabled} left at its default {@code true}. Several
 * JVMs (test forks) may share the directory: each writes its own part, {@code parts/report-<pid>-<n>.json}, and
 * the three files are the merge of every part there, made under a file lock; parts stay until the directory
 * is cleaned, and a test run again replaces its own rows.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeliveryKitConfiguration {

    /**
     * The mode of cases whose annotation names none: {@code in_process} (default), {@code child_process}, or
     * {@code both} (each case once per mode); case-insensitive, {@code IN_PROCESS} and {@code CHILD_PROCESS} work
     * too. Key: {@value}.
     */
    public static final String MODE = "deliverykit.mode";

    /** The cap on crash cases of a {@link CrashSweep} whose {@code maxCases} is {@code -1}; a positive integer. Key: {@value}. */
    public static final String SWEEP_MAX_CASES = "deliverykit.sweep.max-cases";

    /** The sweep cap when {@value #SWEEP_MAX_CASES} is not set: {@value}. */
    public static final int DEFAULT_SWEEP_MAX_CASES = 200;

    /**
     * {@code true}: every {@link CrashSweep} crashes at every recorded point, as {@code exhaustive = true} does;
     * {@code false} (default): a sweep crashes at one point per class of equivalent points
     * ({@link dev.deliverykit.boundary.EquivalentCrashPoints}). Key: {@value}.
     */
    public static final String SWEEP_EXHAUSTIVE = "deliverykit.sweep.exhaustive";

    /**
     * {@code true} or {@code false} (default): whether every {@link CrashSweep} also crashes its recoveries, as
     * {@link CrashSweep#crashRecovery()} {@code = true} does for one sweep. Key: {@value}.
     */
    public static final String SWEEP_CRASH_RECOVERY = "deliverykit.sweep.crash-recovery";

    /**
     * The cap on recovery crash cases of a {@link CrashSweep} whose {@code maxRecoveryCases} is {@code -1}; a
     * positive integer. Key: {@value}.
     */
    public static final String SWEEP_MAX_RECOVERY_CASES = "deliverykit.sweep.max-recovery-cases";

    /** The recovery crash cap when {@value #SWEEP_MAX_RECOVERY_CASES} is not set: {@value}. */
    public static final int DEFAULT_SWEEP_MAX_RECOVERY_CASES = 500;

    /** Where the report files go, relative to the working directory. Key: {@value}. */
    public static final String REPORT_DIR = "deliverykit.report.dir";

    /** The report directory when {@value #REPORT_DIR} is not set: {@value} (Maven runs tests in the module's directory). */
    public static final String DEFAULT_REPORT_DIR = "target/deliverykit";

    /** {@code true} (default) or {@code false}: whether to write the report files (and parts) at all. Key: {@value}. */
    public static final String REPORT_ENABLED = "deliverykit.report.enabled";

    /** {@code true} (default) or {@code false}: whether to print the Markdown summary at the end of the run. Key: {@value}. */
    public static final String REPORT_SUMMARY = "deliverykit.report.summary";

    /**
     * How long a child JVM of a {@link dev.deliverykit.CrashMode#CHILD_PROCESS} case may live before it is
     * killed and the case fails: a positive number with an optional unit {@code ms}, {@code s} (default), {@code m} or
     * {@code h}, for example {@code 90 s} or {@code 2m}. Key: {@value}.
     */
    public static final String CHILD_TIMEOUT = "deliverykit.child.timeout";

    /** The child timeout when {@value #CHILD_TIMEOUT} is not set: {@value}. */
    public static final String DEFAULT_CHILD_TIMEOUT = "60 s";

    /**
     * JVM options added to every child JVM's command line, after those it inherits from the test JVM, separated by
     * white space: for example {@code -Xmx256m -Dshop.db=h2}. The annotations' {@code childJvmOptions} come after
     * them. Key: {@value}.
     */
    public static final String CHILD_JVM_OPTIONS = "deliverykit.child.jvm-options";

    /**
     * Prefixes, separated by commas, of the test JVM's options that child JVMs do not inherit: {@code -Xmx} drops
     * the heap size, {@code -Dshop.db} the system property {@code shop.db}, {@code -} every inherited option. The
     * annotations' {@code childJvmOptionsDropped} add to them. Key: {@value}.
     */
    public static final String CHILD_JVM_OPTIONS_DROPPED = "deliverykit.child.jvm-options.dropped";

    /**
     * How many child JVMs of {@link dev.deliverykit.CrashMode#CHILD_PROCESS} cases may be alive at once: the one running the
     * current case and up to N - 1 started ahead for the next cases, so that their start-up overlaps the case
     * before them. Cases still run one after the other, in order: the report and the display names do not depend
     * on it. A whole number from 1; {@code 1} starts each child when its case needs it. Default: the number of
     * cores. Key: {@value}.
     */
    public static final String CHILD_PARALLELISM = "deliverykit.child.parallelism";

    /**
     * {@code true} (default) or {@code false}: whether the child JVMs of {@link dev.deliverykit.CrashMode#CHILD_PROCESS}
     * cases (those that rerun the test and those of {@code scenario.run(SomeWorkload.class, ...)}) share the classes
     * of their jars through a class-data-sharing archive (AppCDS), so that they start
     * faster. The first child of a class path with no archive lists the classes it loads; once it has exited, the
     * archive is made from that list in the background, and later children, in this run and in later runs with the
     * same jars and JDK, map it. The jars come first on the children's class path, which is done only where no file
     * of a class directory has the name of a jar's entry; otherwise, on a JVM other than HotSpot, or when the
     * children's options already name an archive or {@code -Xshare}, children start without it. Key: {@value}.
     */
    public static final String CHILD_CLASS_DATA_SHARING = ChildLaunch.CLASS_DATA_SHARING_PROPERTY;

    /**
     * The directory where the children's class-data-sharing archives are kept between runs (the six most recently
     * used), for example one a CI cache keeps: {@value #DEFAULT_CHILD_CLASS_DATA_SHARING_DIRECTORY} by default, apart
     * from the report (which CI keeps as an artifact), and removed by {@code mvn clean}. Key: {@value}.
     */
    public static final String CHILD_CLASS_DATA_SHARING_DIRECTORY = ChildLaunch.CLASS_DATA_SHARING_DIRECTORY_PROPERTY;

    /** The archives' directory when {@value #CHILD_CLASS_DATA_SHARING_DIRECTORY} is not set: {@value}. */
    public static final String DEFAULT_CHILD_CLASS_DATA_SHARING_DIRECTORY =
            ChildLaunch.DEFAULT_CLASS_DATA_SHARING_DIRECTORY;

    /**
     * Reruns exactly one case: the replay key printed in a failure message and in the report, for example
     * {@code boundary=after-outbox-insert;hit=1}, {@code selector=after-commit;hit=3}, or
     * {@code crash=none} for a sweep's crash-free run. Every kit test that cannot produce that case is
     * skipped; a sweep runs the case directly, without its recording. A key that no kit test of the run can
     * produce (a typo) fails the run at its end, naming the closest keys that exist; each JVM judges its own
     * tests, so when the build spreads test classes over several forks, combine the key with the build tool's
     * test filter ({@code mvn test -Dtest='OrderTest#survives' -Ddeliverykit.replay='...'}), as is best anyway.
     * Quote the key, it contains {@code ;}. Key: {@value}.
     */
    public static final String REPLAY = "deliverykit.replay";

    /**
     * Runs one shard of every kit test's cases, {@code INDEX/COUNT}, for example {@code 2/4}: a CI matrix of
     * {@code COUNT} jobs, each with its own index, runs every case once. Case number {@code i} (from 0, in the order
     * of an unsharded run) runs in shard {@code (i mod COUNT) + 1}: a {@link CrashSweep}'s crash cases are numbered
     * per mode after its recording, which runs in every shard (it finds the cases; recordings are deterministic, so
     * every shard numbers the same cases alike); {@link CrashAt} and {@link DeliverInOrder} cases by their position.
     * A test with no case in this shard is skipped, saying so. Each shard's report says which shard it is and
     * records every case's unsharded number; {@link MergeReports} merges the shards' report directories into the
     * report of an unsharded run. {@value #REPLAY} ignores it: a replayed case always runs. Key: {@value}.
     */
    public static final String SHARD = "deliverykit.shard";

    /**
     * Packages and classes to see through when a crash site is named, comma-separated, for example
     * {@code com.example.db, com.example.util.Tx}: a case is named after the first frame of the code under test
     * outside them (and outside the JDK, JDBC drivers, pools, known frameworks and transaction helpers; see
     * docs/boundaries.md). Adds to {@link CrashSweep#seeThrough()} and {@link CrashAt#seeThrough()}. Key: {@value}.
     */
    public static final String SITE_SEE_THROUGH = "deliverykit.site.see-through";

    private DeliveryKitConfiguration() {}
}
