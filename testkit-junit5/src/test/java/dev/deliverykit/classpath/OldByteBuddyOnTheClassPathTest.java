package dev.deliverykit.classpath;

import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.codeSource;
import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.kitJar;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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

        ChildOnItsOwnClassPath child = runChild(database, "-javaagent:" + kitJar());

        assertThat(child.exitCode).as(child.toString()).isZero();
        assertThat(child.stdout).as(child.toString()).isEqualTo(expectedStdout("KIT_JAVAAGENT"));
        assertThat(child.stderr).as(child.toString()).isEmpty();
        assertThat(committedIds(database)).isEqualTo(List.of("d1"));
    }

    @Test
    void withoutAnAgentTheKitSelfAttachesDespiteAnOldByteBuddyFirstOnTheClassPath() throws Exception {
        Path database = dir.resolve("self-attached.db");

        ChildOnItsOwnClassPath child = runChild(database);

        assertThat(child.exitCode).as(child.toString()).isZero();
        assertThat(child.stdout).as(child.toString()).isEqualTo(expectedStdout("SELF_ATTACHED"));
        // byte-buddy-agent attaches a jar it writes to the temp directory; the JVM names it.
        List<String> stderr = child.stderr.stream()
                .map(line -> line.replaceFirst("\\(.*byteBuddyAgent\\d+\\.jar\\)$", "(<temp agent jar>)"))
                .collect(Collectors.toList());
        if (Runtime.version().feature() < 21) {
            assertThat(stderr).as(child.toString()).isEmpty();
        } else {
            // The JVM's own warning, then the kit's, whose whole text AgentMessagesTests pins.
            assertThat(stderr).as(child.toString()).hasSize(5);
            assertThat(stderr.subList(0, 4))
                    .as(child.toString())
                    .isEqualTo(List.of(
                            "WARNING: A Java agent has been loaded dynamically (<temp agent jar>)",
                            "WARNING: If a serviceability tool is in use, please run with -XX:+EnableDynamicAgentLoading to hide"
                                    + " this warning",
                            "WARNING: If a serviceability tool is not in use, please run with -Djdk.instrument.traceUsage for more"
                                    + " information",
                            "WARNING: Dynamic loading of agents will be disallowed by default in a future release"));
            assertThat(stderr.get(4))
                    .startsWith(
                            "[DeliveryKit] WARNING: the boundary engine attached its Java agent to this running JVM.")
                    .contains("Fix: add -javaagent:" + kitJar() + " to the JVM options");
        }
        assertThat(committedIds(database)).isEqualTo(List.of("d1"));
    }

    /** Runs {@link OldByteBuddyChild} on {@code database} with the JVM options, and waits for it. */
    private ChildOnItsOwnClassPath runChild(Path database, String... jvmOptions) throws Exception {
        Path oldByteBuddy =
                Path.of(System.getProperty(OLD_BYTE_BUDDY_PROPERTY, "<" + OLD_BYTE_BUDDY_PROPERTY + " not set>"));
        assertThat(oldByteBuddy)
                .as("byte-buddy 1.12.19, copied by maven-dependency-plugin")
                .isRegularFile();
        List<String> options = new ArrayList<>();
        // sqlite-jdbc loads its native library; without this, JDK 24+ warns about it on stderr.
        options.add("--enable-native-access=ALL-UNNAMED");
        options.addAll(List.of(jvmOptions));
        return ChildOnItsOwnClassPath.run(
                dir,
                List.of(
                        oldByteBuddy,
                        kitJar(),
                        codeSource(JDBC.class),
                        ChildOnItsOwnClassPath.classesOnly(dir, "child-classes", OldByteBuddyChild.class)),
                options,
                OldByteBuddyChild.class.getName(),
                database.toString());
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
}
