package dev.deliverykit.junit5.internal.rerun;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * The {@code @TempDir} factory of a child JVM that reruns a case ({@link RerunMain} makes it the default): every
 * {@code @TempDir} field and test-method parameter gets the directory the test JVM gave it, so that the workload
 * in the child works on the test JVM's files. A declaration the test JVM did not pass fails the child at once,
 * rather than silently working on a fresh, empty directory.
 */
final class RerunTempDirectories implements TempDirFactory {

    private static volatile Map<String, String> directories = Map.of();

    /** The test JVM's directories, by {@link TempDirKeys} name; set once by the child's main. */
    static void use(Map<String, String> byKey) {
        directories = Map.copyOf(byKey);
    }

    @Override
    public Path createTempDirectory(AnnotatedElementContext elementContext, ExtensionContext extensionContext) {
        String key = TempDirKeys.of(elementContext.getAnnotatedElement());
        String directory = directories.get(key);
        if (directory == null) {
            throw new ExtensionConfigurationException(
                    RerunMessages.noTempDir(key, directories.keySet()).sentences());
        }
        return Path.of(directory);
    }
}
