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

    private ChildJvm(
            String mainClass,
            List<String> args,
            List<String> jvmArgs,
            Duration timeout,
            Path workingDirectory,
            String classPath) {
        this.mainClass = mainClass;
        this.args = List.copyOf(args);
        this.jvmArgs = List.copyOf(jvmArgs);
        this.timeout = timeout;
        this.workingDirectory = workingDirectory;
        this.classPath = classPath;
    }

    /** A child that runs {@code main} of {@code mainClass}. */
    public static ChildJvm mainClass(Class<?> mainClass) {
        return mainClass(Objects.requireNonNull(mainClass, "mainClass").getName());
    }

    /** A child that runs {@code main} of the class with this binary name. */
    public static ChildJvm mainClass(String mainClass) {
        Objects.requireNonNull(mainClass, "mainClass");
        if (mainClass.isBlank()) {
            throw new IllegalArgumentException("main class name must not be blank");
        }
        return new ChildJvm(mainClass, List.of(), List.of(), DEFAULT_TIMEOUT, null, null);
    }

    /** The program arguments, replacing any given before. */
    public ChildJvm args(String... args) {
        return new ChildJvm(mainClass, List.of(args), jvmArgs, timeout, workingDirectory, classPath);
    }

    /** JVM options such as {@code -Xshare:auto} or {@code -javaagent:...}, replacing any given before. */
    public ChildJvm jvmArgs(String... jvmArgs) {
        return new ChildJvm(mainClass, args, List.of(jvmArgs), timeout, workingDirectory, classPath);
    }

    /** How long the child may live from its start; past it the child is killed and the wait fails. */
    public ChildJvm timeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        return new ChildJvm(mainClass, args, jvmArgs, timeout, workingDirectory, classPath);
    }

    /** The child's working directory; this JVM's by default. */
    public ChildJvm workingDirectory(Path directory) {
        return new ChildJvm(
                mainClass, args, jvmArgs, timeout, Objects.requireNonNull(directory, "directory"), classPath);
    }

    /**
     * The child's class path, in the form of {@code java.class.path}; this JVM's {@code java.class.path} by default.
     * For a child that needs more than the test class path holds, such as a library the test runner loaded beside it.
     */
    public ChildJvm classPath(String classPath) {
        Objects.requireNonNull(classPath, "classPath");
        if (classPath.isBlank()) {
            throw new IllegalArgumentException("the class path of a child JVM must not be blank");
        }
        return new ChildJvm(mainClass, args, jvmArgs, timeout, workingDirectory, classPath);
    }

    /**
     * The command line the child is started with, but for the {@code -Djava.io.tmpdir=<its own directory>} that
     * {@link #start()} puts right after the {@code java} executable (that directory exists only once it starts).
     */
    public List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath != null ? classPath : System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * Starts the child. Its output is read continuously (it can never block on a full pipe) and kept.
     *
     * @throws ChildProcessException if the JVM cannot be started
     */
    public ChildProcess start() {
        Path temporary = ChildTemporaryDirectory.create();
        List<String> command = command();
        // First, so that a -Djava.io.tmpdir among the child's own options still wins.
        command.add(1, "-Djava.io.tmpdir=" + temporary);
        ProcessBuilder builder = new ProcessBuilder(command);
        if (workingDirectory != null) {
            builder.directory(new File(workingDirectory.toString()));
        }
        try {
            return new ChildProcess(describe(), builder.start(), timeout, temporary);
        } catch (IOException e) {
            ChildTemporaryDirectory.remove(temporary);
            throw new ChildProcessException(
                    "could not start " + describe() + ": " + e.getMessage() + ". Check that "
                            + command().get(0) + " exists and is executable.",
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
