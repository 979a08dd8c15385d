package dev.deliverykit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a child's class path may have its jars moved before its class directories, on real jars and directories. */
class JarsFirstTest {

    @TempDir
    Path dir;

    @Test
    void jarsMoveBeforeDirectoriesEachGroupInItsOrder() throws IOException {
        Path tests = directory("test-classes", "com/shop/OrderTest.class", "application.properties");
        Path classes = directory("classes", "com/shop/Order.class");
        Path spring = jar("spring.jar", "org/springframework/Bean.class", "META-INF/spring.factories");
        Path sqlite = jar("sqlite.jar", "org/sqlite/JDBC.class");
        Path missing = dir.resolve("generated-classes");

        Optional<JarsFirst> layout = JarsFirst.of(join(tests, classes, spring, missing, sqlite));

        assertThat(layout).hasValueSatisfying(jarsFirst -> {
            assertThat(jarsFirst.classPath()).isEqualTo(join(spring, sqlite, tests, classes, missing));
            assertThat(jarsFirst.jarClassPath()).isEqualTo(join(spring, sqlite));
        });
    }

    @Test
    void aDirectorysFileThatAJarAlsoHoldsKeepsTheClassPathAsItIs() throws IOException {
        Path tests = directory("test-classes", "com/shop/OrderTest.class", "META-INF/spring.factories");
        Path spring = jar("spring.jar", "org/springframework/Bean.class", "META-INF/spring.factories");

        assertThat(JarsFirst.of(join(tests, spring))).isEmpty();
    }

    @Test
    void aMultiReleaseJarsVersionedClassCountsByItsName() throws IOException {
        Path classes = directory("classes", "com/shop/Order.class");
        Path patched = jar("patched.jar", "META-INF/versions/11/com/shop/Order.class");

        assertThat(JarsFirst.of(join(classes, patched))).isEmpty();
    }

    @Test
    void aJarThatCannotBeReadKeepsTheClassPathAsItIs() throws IOException {
        Path classes = directory("classes", "com/shop/Order.class");
        Path broken = Files.writeString(dir.resolve("broken.jar"), "not a zip");

        assertThat(JarsFirst.of(join(classes, broken))).isEmpty();
    }

    private Path directory(String name, String... files) throws IOException {
        Path directory = dir.resolve(name);
        for (String file : files) {
            Path path = directory.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, file);
        }
        return directory;
    }

    private Path jar(String name, String... entries) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(entry.getBytes());
                zip.closeEntry();
            }
        }
        return jar;
    }

    private static String join(Path... entries) {
        return String.join(
                File.pathSeparator,
                List.of(entries).stream().map(Path::toString).toList());
    }
}
