package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildProcess;
import dev.deliverykit.process.InheritedJvm;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How to run a {@link ProcessWorkload} in a child JVM: its class, its arguments, extra JVM options and a
 * timeout (the child is killed and the run fails when it outlives it).
 *
 * <pre>{@code
 * ChildLaunch launch = ChildLaunch.of(AdvanceOnce.class).args(dbFile.toString()).timeout(Duration.ofSeconds(30));
 * }</pre>
 *
 * <p><b>Quick start.</b> A crash child lives for a second or two, most of it starting up; the kit starts it
 * with {@link #QUICK_START_OPTIONS} ({@code -XX:TieredStopAtLevel=1}: the C1 compiler only, so no C2
 * compiler threads compete for the cores while the JVM starts). Measured on the reference crash case: about
 * 30% less time and 45% less CPU per child. The launch's own {@link #jvmArgs(String...)} come after them
 * and win ({@code -XX:TieredStopAtLevel=4} restores C2); {@link #withoutQuickStart()}, or the system
 * property {@value #QUICK_START_PROPERTY}{@code =false} in the parent JVM, leaves them out.
 *
 * <p><b>The same JVM, reborn.</b> The child inherits this JVM's options and system properties
 * ({@link InheritedJvm}: {@code -javaagent}, {@code --add-opens}, {@code -D...}, also those set at run time), its
 * class path, environment and working directory; {@link #withoutInherited(String...)} drops inherited options by
 * prefix. The command line is: inherited options, the kit's agent (unless inherited), the quick-start options,
 * then {@link #jvmArgs(String...)}.
 *
 * <p><b>Shared classes.</b> Children share the classes of their jars through a class-data-sharing archive
 * ({@link ChildJvm#classDataSharing}), kept in {@value #DEFAULT_CLASS_DATA_SHARING_DIRECTORY} unless
 * {@link #withClassDataSharingIn(Path)}, {@link #withoutClassDataSharing()} or the parent's system properties
 * {@value #CLASS_DATA_SHARING_PROPERTY} and {@value #CLASS_DATA_SHARING_DIRECTORY_PROPERTY} say otherwise.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChildLaunch {

    /** The timeout unless {@link #timeout(Duration)} says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    /** The JVM options a child starts with unless left out: C1 only. */
    public static final List<String> QUICK_START_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    /** Set to {@code false} in the parent JVM to start every child without {@link #QUICK_START_OPTIONS}. */
    public static final String QUICK_START_PROPERTY = "deliverykit.child.quickStart";

    /**
     * Set to {@code false} in the parent JVM to start every child without class-data sharing (see
     * {@link ChildJvm#classDataSharing}) unless its launch says otherwise.
     */
    public static final String CLASS_DATA_SHARING_PROPERTY = "deliverykit.child.class-data-sharing";

    /** The directory of the children's class-data-sharing archives, in the parent JVM's system properties. */
    public static final String CLASS_DATA_SHARING_DIRECTORY_PROPERTY = "deliverykit.child.class-data-sharing.directory";

    /** The directory of the archives unless {@value #CLASS_DATA_SHARING_DIRECTORY_PROPERTY} says otherwise. */
    public static final String DEFAULT_CLASS_DATA_SHARING_DIRECTORY = "target/deliverykit-cds";

    private final Class<? extends ProcessWorkload> workload;
    private final List<String> args;
    private final List<String> jvmArgs;
    private final Duration timeout;
    private final boolean quickStart;
    private final List<String> droppedInherited;
    /** Where the children share classes; empty: not at all; null: as the system properties say. */
    private final Optional<Path> sharing;

    private ChildLaunch(
            Class<? extends ProcessWorkload> workload,
            List<String> args,
            List<String> jvmArgs,
            Duration timeout,
            boolean quickStart,
            List<String> droppedInherited,
            Optional<Path> sharing) {
        this.workload = workload;
        this.args = List.copyOf(args);
        this.jvmArgs = List.copyOf(jvmArgs);
        this.timeout = timeout;
        this.quickStart = quickStart;
        this.droppedInherited = List.copyOf(droppedInherited);
        this.sharing = sharing;
    }

    /**
     * A launch of {@code workload}.
     *
     * @throws IllegalArgumentException if the child could not create it: not a public, concrete, top-level
     *     or static nested class with a public no-argument constructor
     */
    public static ChildLaunch of(Class<? extends ProcessWorkload> workload) {
        Objects.requireNonNull(workload, "workload");
        boolean usable = Modifier.isPublic(workload.getModifiers())
                && !Modifier.isAbstract(workload.getModifiers())
                && (workload.getEnclosingClass() == null || Modifier.isStatic(workload.getModifiers()));
        try {
            usable = usable && Modifier.isPublic(workload.getConstructor().getModifiers());
        } catch (NoSuchMethodException e) {
            usable = false;
        }
        if (!usable) {
            throw new IllegalArgumentException(
                    SetupMessages.notRunnableInChild(workload).sentences());
        }
        return new ChildLaunch(workload, List.of(), List.of(), DEFAULT_TIMEOUT, true, List.of(), null);
    }

    /** The workload's arguments, replacing any given before. */
    public ChildLaunch args(String... arguments) {
        return new ChildLaunch(workload, List.of(arguments), jvmArgs, timeout, quickStart, droppedInherited, sharing);
    }

    /** Extra JVM options for the child, replacing any given before. */
    public ChildLaunch jvmArgs(String... options) {
        return new ChildLaunch(workload, args, List.of(options), timeout, quickStart, droppedInherited, sharing);
    }

    /** How long the child may live. */
    public ChildLaunch timeout(Duration limit) {
        Objects.requireNonNull(limit, "limit");
        if (limit.isZero() || limit.isNegative()) {
            throw new IllegalArgumentException(SetupMessages.timeoutNotPositive(limit));
        }
        return new ChildLaunch(workload, args, jvmArgs, limit, quickStart, droppedInherited, sharing);
    }

    /** The child starts with the JVM's own defaults (C2 too), for a workload that runs long enough to profit. */
    public ChildLaunch withoutQuickStart() {
        return new ChildLaunch(workload, args, jvmArgs, timeout, false, droppedInherited, sharing);
    }

    /**
     * Leaves out the inherited options (see {@link InheritedJvm#without}) that start with any of {@code prefixes},
     * adding to those given before: {@code "-Xmx"}, {@code "-Dshop.db"}, or {@code "-"} for all of them.
     */
    public ChildLaunch withoutInherited(String... prefixes) {
        List<String> dropped = new ArrayList<>(droppedInherited);
        dropped.addAll(List.of(prefixes));
        return new ChildLaunch(workload, args, jvmArgs, timeout, quickStart, dropped, sharing);
    }

    /**
     * The child shares the classes of its jars with this JVM's other children through archives kept in
     * {@code directory} ({@link ChildJvm#classDataSharing}). By default it does, in
     * {@value #DEFAULT_CLASS_DATA_SHARING_DIRECTORY}, unless the system properties {@value #CLASS_DATA_SHARING_PROPERTY}
     * ({@code false}) or {@value #CLASS_DATA_SHARING_DIRECTORY_PROPERTY} say otherwise.
     */
    public ChildLaunch withClassDataSharingIn(Path directory) {
        Objects.requireNonNull(directory, "directory");
        return new ChildLaunch(workload, args, jvmArgs, timeout, quickStart, droppedInherited, Optional.of(directory));
    }

    /** The child starts without class-data sharing, whatever the system properties say. */
    public ChildLaunch withoutClassDataSharing() {
        return new ChildLaunch(workload, args, jvmArgs, timeout, quickStart, droppedInherited, Optional.empty());
    }

    /** Where the child shares classes, if it does. */
    public Optional<Path> classDataSharing() {
        if (sharing != null) {
            return sharing;
        }
        if ("false".equalsIgnoreCase(System.getProperty(CLASS_DATA_SHARING_PROPERTY))) {
            return Optional.empty();
        }
        return Optional.of(Path.of(
                System.getProperty(CLASS_DATA_SHARING_DIRECTORY_PROPERTY, DEFAULT_CLASS_DATA_SHARING_DIRECTORY)));
    }

    /** The prefixes of inherited options left out. */
    public List<String> droppedInherited() {
        return droppedInherited;
    }

    /** The workload class. */
    public Class<? extends ProcessWorkload> workload() {
        return workload;
    }

    /** The workload's arguments. */
    public List<String> args() {
        return args;
    }

    /** Extra JVM options. */
    public List<String> jvmArgs() {
        return jvmArgs;
    }

    /**
     * The options the kit starts the child with before {@link #jvmArgs()}: {@link #QUICK_START_OPTIONS},
     * unless left out by {@link #withoutQuickStart()} or {@value #QUICK_START_PROPERTY}{@code =false}.
     */
    public List<String> startupOptions() {
        return quickStart && !"false".equalsIgnoreCase(System.getProperty(QUICK_START_PROPERTY))
                ? QUICK_START_OPTIONS
                : List.of();
    }

    /** The timeout. */
    public Duration timeout() {
        return timeout;
    }

    String describe() {
        return workload.getName() + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }

    /** Starts the kit's {@link ChildMain} running this workload. */
    ChildStarter starter() {
        return new ChildStarter() {
            @Override
            public ChildProcess start(ChildRunFiles run) {
                List<String> mainArgs = new ArrayList<>(
                        List.of(run.plan().toString(), run.report().toString(), workload.getName()));
                mainArgs.addAll(args);
                ChildJvm child = ChildJvm.mainClass(ChildMain.class)
                        .args(mainArgs.toArray(new String[0]))
                        .jvmArgs(commandLine(InheritedJvm.ofThisJvm().without(droppedInherited), run.agentOptions())
                                .toArray(new String[0]))
                        .timeout(timeout);
                return classDataSharing()
                        .map(child::classDataSharing)
                        .orElse(child)
                        .start();
            }

            @Override
            public String describe() {
                return ChildLaunch.this.describe();
            }
        };
    }

    /** Inherited options, the agent unless inherited, the quick-start options, then {@link #jvmArgs()}. */
    List<String> commandLine(InheritedJvm inherited, List<String> agentOptions) {
        List<String> options = new ArrayList<>(inherited.options());
        agentOptions.stream().filter(option -> !options.contains(option)).forEach(options::add);
        options.addAll(startupOptions());
        options.addAll(jvmArgs);
        return options;
    }

    @Override
    public String toString() {
        return "child JVM running " + describe();
    }
}
