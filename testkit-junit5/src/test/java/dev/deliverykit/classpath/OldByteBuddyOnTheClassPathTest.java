package dev.deliverykit.classpath;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.BoundaryEngine;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.JDBC;

/**
 * The kit is immune to the byte-buddy in the user's dependency tree: child JVMs whose class path has
 * byte-buddy {@code 1.12.19} (which cannot read JDK 25 class files) BEFORE the testkit-core jar, and
 * otherwise only sqlite-jdbc and {@link OldByteBuddyChild}, crash a real SQLite workload, with the kit's
 * {@code -javaagent} and by self-attach. The kit's jar carries its own byte-buddy, relocated. Runs on the
 * shaded jar that the reactor's package phase built ({@code mvn verify}).
 */
class OldByteBuddyOnTheClassPathTest {

    private static final String OLD_BYTE_BUDDY_PROPERTY = "deliverykit.test.oldByteBuddyJar";

    /** The child's standard output for either agent source. */
    private static List<String> expectedStdout(String agentSource) {
        return List.of(
                "net.bytebuddy.ByteBuddy from byte-buddy-1.12.19.jar",
                "agent " + agentSource,
                "crashed IN_PROCESS selector=after-statement:^INSERT INTO deliveries;hit=2",
                "hits {after statement matching /^INSERT INTO deliveries/=2,"
                        + " after statement \"INSERT INTO deliveries (id) VALUES ('d1')\"=1, after commit=1,"
                        + " after statement \"INSERT INTO deliveries (id) VALUES ('d2')\"=1}");
    }

    @TempDir
    Path dir;

    @Test
    void theKitsJarCarriesByteBuddyRelocatedAndNoNetBytebuddyClasses() throws IOException {
        try (JarFile jar = new JarFile(kitJar().toFile())) {
            List<String> names = Collections.list(jar.entries()).stream()
                    .map(entry -> entry.getName())
                    .collect(Collectors.toList());
            assertThat(names)
                    .filteredOn(name -> name.contains("net/bytebuddy/")
                            && !name.startsWith("dev/deliverykit/internal/shaded/net/bytebuddy/")
                            && !name.startsWith("META-INF/versions/24/dev/deliverykit/internal/shaded/net/bytebuddy/"))
                    .isEmpty();
            assertThat(names)
                    .contains(
                            "dev/deliverykit/internal/shaded/net/bytebuddy/ByteBuddy.class",
                            "dev/deliverykit/internal/shaded/net/bytebuddy/agent/ByteBuddyAgent.class",
                            "dev/deliverykit/internal/shaded/net/bytebuddy/agent/Installer.class",
                            "dev/deliverykit/internal/shaded/net/bytebuddy/jar/asm/ClassReader.class");
            assertThat(jar.getManifest().getMainAttributes().getValue("Premain-Class"))
                    .isEqualTo("dev.deliverykit.internal.instrument.KitAgent");
        }
    }

    @Test
    void withTheKitsJavaagentAnOldByteBuddyFirstOnTheClassPathDoesNotBreakACrash() throws Exception {
        Path database = dir.resolve("with-javaagent.db");

        Child child = runChild(database, "-javaagent:" + kitJar());

        assertThat(child.exitCode).as(child.toString()).isZero();
        assertThat(child.stdout).as(child.toString()).isEqualTo(expectedStdout("KIT_JAVAAGENT"));
        assertThat(child.stderr).as(child.toString()).isEmpty();
        assertThat(committedIds(database)).isEqualTo(List.of("d1"));
    }

    @Test
    void withoutAnAgentTheKitSelfAttachesDespiteAnOldByteBuddyFirstOnTheClassPath() throws Exception {
        Path database = dir.resolve("self-attached.db");

        Child child = runChild(database);

        assertThat(child.exitCode).as(child.toString()).isZero();
        assertThat(child.stdout).as(child.toString()).isEqualTo(expectedStdout("SELF_ATTACHED"));
        // byte-buddy-agent attaches a jar it writes to the temp directory; the JVM names it.
        List<String> stderr = child.stderr.stream()
                .map(line -> line.replaceFirst("\\(.*byteBuddyAgent\\d+\\.jar\\)$", "(<temp agent jar>)"))
                .collect(Collectors.toList());
        assertThat(stderr)
                .as(child.toString())
                .isEqualTo(
                        Runtime.version().feature() < 21
                                ? List.of()
                                : List.of(
                                        "WARNING: A Java agent has been loaded dynamically (<temp agent jar>)",
                                        "WARNING: If a serviceability tool is in use, please run with -XX:+EnableDynamicAgentLoading to hide"
                                                + " this warning",
                                        "WARNING: If a serviceability tool is not in use, please run with -Djdk.instrument.traceUsage for more"
                                                + " information",
                                        "WARNING: Dynamic loading of agents will be disallowed by default in a future release",
                                        "[DeliveryKit] WARNING: the boundary engine attached its Java agent to this running JVM. JDK 21+ warns"
                                                + " about dynamically loaded agents and a future JDK will refuse them. Fix: add -javaagent:"
                                                + kitJar() + " to the JVM options (with Maven: surefire <argLine>), or"
                                                + " -XX:+EnableDynamicAgentLoading to allow dynamic loading explicitly."));
        assertThat(committedIds(database)).isEqualTo(List.of("d1"));
    }

    /** Runs {@link OldByteBuddyChild} on {@code database} with the JVM options, and waits for it. */
    private Child runChild(Path database, String... jvmOptions) throws Exception {
        Path oldByteBuddy =
                Path.of(System.getProperty(OLD_BYTE_BUDDY_PROPERTY, "<" + OLD_BYTE_BUDDY_PROPERTY + " not set>"));
        assertThat(oldByteBuddy)
                .as("byte-buddy 1.12.19, copied by maven-dependency-plugin")
                .isRegularFile();
        String classPath = String.join(
                File.pathSeparator,
                oldByteBuddy.toString(),
                kitJar().toString(),
                codeSource(JDBC.class).toString(),
                childClasses().toString());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // sqlite-jdbc loads its native library; without this, JDK 24+ warns about it on stderr.
        command.add("--enable-native-access=ALL-UNNAMED");
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", classPath, OldByteBuddyChild.class.getName(), database.toString()));
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the child did not end within 2 minutes: " + command);
        }
        return new Child(
                command,
                process.exitValue(),
                Files.readAllLines(stdout, StandardCharsets.UTF_8),
                Files.readAllLines(stderr, StandardCharsets.UTF_8));
    }

    /** A directory with only {@link OldByteBuddyChild}'s class file, not all of this module's test classes. */
    private Path childClasses() throws IOException {
        String resource = OldByteBuddyChild.class.getName().replace('.', '/') + ".class";
        Path target = dir.resolve("child-classes").resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = OldByteBuddyChild.class.getClassLoader().getResourceAsStream(resource)) {
            Files.copy(in, target);
        }
        return dir.resolve("child-classes");
    }

    /** The testkit-core jar this JVM runs the kit from: the shaded one that {@code mvn verify} packaged. */
    private static Path kitJar() {
        Path kit = codeSource(BoundaryEngine.class);
        assertThat(kit.toString())
                .as("the kit must run from its jar; use mvn verify, not mvn test")
                .endsWith(".jar");
        return kit;
    }

    private static Path codeSource(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The ids a fresh connection reads: only the transaction committed before the crash. */
    private static List<String> committedIds(Path database) throws Exception {
        List<String> ids = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM deliveries ORDER BY id")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private static final class Child {
        final List<String> command;
        final int exitCode;
        final List<String> stdout;
        final List<String> stderr;

        Child(List<String> command, int exitCode, List<String> stdout, List<String> stderr) {
            this.command = command;
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        @Override
        public String toString() {
            return "child " + command + " exited " + exitCode + "\nstdout:\n" + String.join("\n", stdout)
                    + "\nstderr:\n" + String.join("\n", stderr);
        }
    }
}
