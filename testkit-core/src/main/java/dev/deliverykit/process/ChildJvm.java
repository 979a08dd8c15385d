package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A recipe for a child JVM: which main class to run, with which arguments, JVM options and timeout. The
 * child runs with the same {@code java} binary and the same class path as this JVM, so test classes
 * are visible to it.
 *
 * <pre>{@code
 * ChildResult result = ChildJvm.mainClass(Worker.class)
 *         .args("advance", dbFile.toString())
 *         .timeout(Duration.ofSeconds(30))
 *         .run();
 * assertThat(result.exitCode()).isZero();
 * }</pre>
 *
 * <p>Instances are immutable; every {@code with}-style method returns a new recipe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChildJvm {

    /** How long a child may run unless {@link #timeout(Duration)} says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private final String mainClass;
    private final List<String> args;
    private final List<String> jvmArgs;
    private final Duration timeout;
    private final Path workingDirectory;
    private final String classPath;
    private final Path sharingDirectory;

    private ChildJvm(
            String mainClass,
            List<String> args,
            List<String> jvmArgs,
            Duration timeout,
            Path workingDirectory,
            String classPath,
            Path sharingDirectory) {
        this.mainClass = mainClass;
        this.args = List.copyOf(args);
        this.jvmArgs = List.copyOf(jvmArgs);
        this.timeout = timeout;
        this.workingDirectory = workingDirectory;
        this.classPath = classPath;
        this.sharingDirectory = sharingDirectory;
    }

    /** A child that runs {@code main} of {@code mainClass}. */
    public static ChildJvm mainClass(Class<?> mainClass) {
        return mainClass(Objects.requireNonNull(mainClass, "mainClass").getName());
    }

    /** A child that runs {@code main} of the class with this binary name. */
    public static ChildJvm mainClass(String mainClass) {
        Objects.requireNonNull(mainClass, "mainClass");
        if (mainClass.isBlank()) {
            throw new IllegalArgumentException(ChildJvmMessages.blankMainClass());
        }
        return new ChildJvm(mainClass, List.of(), List.of(), DEFAULT_TIMEOUT, null, null, null);
    }

    /** The program arguments, replacing any given before. */
    public ChildJvm args(String... args) {
        return new ChildJvm(mainClass, List.of(args), jvmArgs, timeout, workingDirectory, classPath, sharingDirectory);
    }

    /** JVM options such as {@code -Xshare:auto} or {@code -javaagent:...}, replacing any given before. */
    public ChildJvm jvmArgs(String... jvmArgs) {
        return new ChildJvm(mainClass, args, List.of(jvmArgs), timeout, workingDirectory, classPath, sharingDirectory);
    }

    /** How long the child may live from its start; past it the child is killed and the wait fails. */
    public ChildJvm timeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException(ChildJvmMessages.timeoutNotPositive(timeout));
        }
        return new ChildJvm(mainClass, args, jvmArgs, timeout, workingDirectory, classPath, sharingDirectory);
    }

    /** The child's working directory; this JVM's by default. */
    public ChildJvm workingDirectory(Path directory) {
        return new ChildJvm(
                mainClass,
                args,
                jvmArgs,
                timeout,
                Objects.requireNonNull(directory, "directory"),
                classPath,
                sharingDirectory);
    }

    /**
     * The child's class path, in the form of {@code java.class.path}; this JVM's {@code java.class.path} by default.
     * For a child that needs more than the test class path holds, such as a library the test runner loaded beside it.
     */
    public ChildJvm classPath(String classPath) {
        Objects.requireNonNull(classPath, "classPath");
        if (classPath.isBlank()) {
            throw new IllegalArgumentException(ChildJvmMessages.blankClassPath());
        }
        return new ChildJvm(mainClass, args, jvmArgs, timeout, workingDirectory, classPath, sharingDirectory);
    }

    /**
     * Shares the classes of the class path's jars with this JVM's other children of the same class path, through a
     * class-data-sharing archive (AppCDS) kept in {@code directory} for later runs too: the first such child lists
     * the classes it loads, the archive is made from the list in the background once it has exited, and children
     * started after that map it and start faster. The child's class path then has its jars first, where no file of
     * its directories has the name of a jar's entry (else nothing is shared). Nothing is shared either on a JVM
     * other than HotSpot, or when the child's options already say how to share classes ({@code -Xshare},
     * {@code -XX:SharedArchiveFile} and the like). {@link #command()} shows neither.
     */
    public ChildJvm classDataSharing(Path directory) {
        return new ChildJvm(
                mainClass,
                args,
                jvmArgs,
                timeout,
                workingDirectory,
                classPath,
                Objects.requireNonNull(directory, "directory"));
    }

    /**
     * The command line the child is started with, but for the {@code -Djava.io.tmpdir=<its own directory>} that
     * {@link #start()} puts right after the {@code java} executable (that directory exists only once it starts).
     */
    public List<String> command() {
        return command(givenClassPath(), List.of());
    }

    private List<String> command(String childClassPath, List<String> sharingOptions) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(sharingOptions);
        command.add("-cp");
        command.add(childClassPath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    private String givenClassPath() {
        return classPath != null ? classPath : System.getProperty("java.class.path");
    }

    /**
     * Starts the child. Its output is read continuously (it can never block on a full pipe) and kept.
     *
     * @throws ChildProcessException if the JVM cannot be started
     */
    public ChildProcess start() {
        ClassDataSharing sharing =
                sharingDirectory == null ? null : ClassDataSharing.of(sharingDirectory, givenClassPath());
        List<String> sharingOptions = sharing == null ? List.of() : sharing.optionsFor(jvmArgs);
        List<String> command = command(sharing == null ? givenClassPath() : sharing.classPath(), sharingOptions);
        Path temporary = ChildTemporaryDirectory.create();
        // First, so that a -Djava.io.tmpdir among the child's own options still wins.
        command.add(1, "-Djava.io.tmpdir=" + temporary);
        ProcessBuilder builder = new ProcessBuilder(command);
        if (workingDirectory != null) {
            builder.directory(new File(workingDirectory.toString()));
        }
        try {
            ChildProcess child = new ChildProcess(describe(), builder.start(), timeout, temporary);
            if (sharing != null) {
                sharing.started(child, sharingOptions);
            }
            return child;
        } catch (IOException e) {
            ChildTemporaryDirectory.remove(temporary);
            throw new ChildProcessException(
                    ChildJvmMessages.notStarted(
                            describe(), e.getMessage(), command().get(0)),
                    e);
        }
    }

    /** Starts the child and waits for it to exit; see {@link ChildProcess#awaitExit()}. */
    public ChildResult run() {
        try (ChildProcess process = start()) {
            return process.awaitExit();
        }
    }

    private String describe() {
        return "child JVM " + mainClass + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }

    @Override
    public String toString() {
        return describe() + " (timeout " + timeout.toMillis() + " ms)";
    }
}
