package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The class path of the child JVM that reruns a {@code CHILD_PROCESS} case: the test class path
 * ({@code java.class.path}), and the JUnit Platform launcher's jar where the test runner loaded the launcher from
 * a jar it keeps off that path (surefire's own launcher, when the build declares none). The child cannot rerun the
 * test without the launcher, so a run that has none anywhere is refused before any child starts.
 */
@API(status = INTERNAL, since = "0.1")
public final class RerunClassPath {

    static final String LAUNCHER_CLASS = "org/junit/platform/launcher/core/LauncherFactory.class";

    private static volatile String cached;

    private RerunClassPath() {}

    /**
     * The child's class path, worked out once per JVM.
     *
     * @throws ExtensionConfigurationException if no launcher can be found, naming the dependency to add
     */
    public static String get() {
        String classPath = cached;
        if (classPath == null) {
            classPath = of(System.getProperty("java.class.path", ""), launcherJar());
            cached = classPath;
        }
        return classPath;
    }

    /** {@code testClassPath}, with {@code launcherJar} appended unless the class path has it already. */
    static String of(String testClassPath, Optional<Path> launcherJar) {
        if (launcherJar.isEmpty()) {
            if (onClassPath(testClassPath)) {
                return testClassPath; // an exploded launcher in a class directory: the child finds it as this JVM did
            }
            throw missingLauncher(testClassPath);
        }
        String jar = launcherJar.get().toString();
        boolean present = Arrays.stream(testClassPath.split(File.pathSeparator))
                .anyMatch(entry -> !entry.isEmpty()
                        && Path.of(entry)
                                .toAbsolutePath()
                                .normalize()
                                .toString()
                                .equals(jar));
        if (present) {
            return testClassPath;
        }
        return testClassPath.isEmpty() ? jar : testClassPath + File.pathSeparator + jar;
    }

    /** The jar this JVM loads the launcher from, if it loads it from a jar. */
    private static Optional<Path> launcherJar() {
        URL resource = ClassLoader.getSystemClassLoader().getResource(LAUNCHER_CLASS);
        if (resource == null) {
            resource = RerunClassPath.class.getClassLoader().getResource(LAUNCHER_CLASS);
        }
        if (resource == null || !"jar".equals(resource.getProtocol())) {
            return Optional.empty();
        }
        String spec = resource.getPath(); // file:/path/to/junit-platform-launcher.jar!/org/junit/...
        int separator = spec.indexOf("!/");
        try {
            return Optional.of(Path.of(new URL(spec.substring(0, separator)).toURI())
                    .toAbsolutePath()
                    .normalize());
        } catch (URISyntaxException | MalformedURLException | RuntimeException notAFile) {
            return Optional.empty();
        }
    }

    private static boolean onClassPath(String testClassPath) {
        return Arrays.stream(testClassPath.split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(Path::of)
                .anyMatch(entry -> entry.resolve(LAUNCHER_CLASS).toFile().isFile());
    }

    static ExtensionConfigurationException missingLauncher(String testClassPath) {
        return new ExtensionConfigurationException(
                RerunMessages.missingLauncher(testClassPath).clauses());
    }
}
