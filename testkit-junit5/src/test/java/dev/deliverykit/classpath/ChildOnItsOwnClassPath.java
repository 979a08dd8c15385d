package dev.deliverykit.classpath;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.junit5.CrashAt;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A child JVM whose class path is exactly what a test names, not this JVM's: the tests of this package prove what
 * the kit needs (and what it does not) by leaving everything else out. The child's output goes to files in
 * {@code dir}, which is also its working directory; the parent waits for it to end.
 */
final class ChildOnItsOwnClassPath {

    final List<String> command;
    final int exitCode;
    final List<String> stdout;
    final List<String> stderr;

    private ChildOnItsOwnClassPath(List<String> command, int exitCode, List<String> stdout, List<String> stderr) {
        this.command = command;
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Runs {@code mainClass} with {@code args} on {@code classPath} with the JVM options, and waits for it. */
    static ChildOnItsOwnClassPath run(
            Path dir, List<Path> classPath, List<String> jvmOptions, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
        command.add(mainClass);
        command.addAll(List.of(args));
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the child did not end within 2 minutes: " + command);
        }
        return new ChildOnItsOwnClassPath(
                command,
                process.exitValue(),
                Files.readAllLines(stdout, StandardCharsets.UTF_8),
                Files.readAllLines(stderr, StandardCharsets.UTF_8));
    }

    /**
     * Runs {@link MethodBoundaryTestCases} through {@link LaunchTestClass} in a child whose class path is only the
     * agent jar (also its {@code -javaagent}), the JUnit face's classes, the given JUnit jars and the fixture.
     */
    static ChildOnItsOwnClassPath launchMethodBoundaryTestCases(Path dir, List<Path> junitJars)
            throws IOException, InterruptedException {
        List<Path> classPath = new ArrayList<>(List.of(kitJar(), codeSource(CrashAt.class)));
        classPath.addAll(junitJars);
        classPath.add(classesOnly(
                dir,
                "fixture",
                LaunchTestClass.class,
                MethodBoundaryTestCases.class,
                MethodBoundaryTestCases.Ledger.class));
        return run(
                dir,
                classPath,
                List.of("-javaagent:" + kitJar()),
                LaunchTestClass.class.getName(),
                MethodBoundaryTestCases.class.getName());
    }

    /**
     * A directory {@code dir/name} with only the class files of {@code types} (nested types are not included:
     * name them), not all of this module's test classes.
     */
    static Path classesOnly(Path dir, String name, Class<?>... types) throws IOException {
        Path root = dir.resolve(name);
        for (Class<?> type : types) {
            String resource = type.getName().replace('.', '/') + ".class";
            Path target = root.resolve(resource);
            Files.createDirectories(target.getParent());
            try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
                Files.copy(in, target);
            }
        }
        return root;
    }

    /** The testkit-core jar this JVM runs the kit from: the shaded one that {@code mvn verify} packaged. */
    static Path kitJar() {
        Path kit = codeSource(BoundaryEngine.class);
        assertThat(kit.toString())
                .as("the kit must run from its jar; use mvn verify, not mvn test")
                .endsWith(".jar");
        return kit;
    }

    /** The jar or class directory that {@code type} was loaded from. */
    static Path codeSource(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "child " + command + " exited " + exitCode + "\nstdout:\n" + String.join("\n", stdout) + "\nstderr:\n"
                + String.join("\n", stderr);
    }
}
