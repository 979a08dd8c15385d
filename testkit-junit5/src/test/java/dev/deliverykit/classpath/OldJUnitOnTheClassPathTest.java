package dev.deliverykit.classpath;

import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.codeSource;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opentest4j.AssertionFailedError;

/**
 * A kit test on a JUnit older than the kit supports fails with the kit's one message, not with JUnit's "No
 * ParameterResolver registered" (JUnit 5.12, whose engine never prepares the kit's invocation) or a
 * {@code NoSuchMethodError} (JUnit 5.10, which lacks an API the kit calls): a child JVM whose class path has only
 * the agent jar, the JUnit face's classes, the JUnit jars of that old version (copied into {@code target/old-junit}
 * by maven-dependency-plugin) and one fixture runs the fixture through that JUnit's Platform Launcher. Runs on the
 * shaded jar that the reactor's package phase built ({@code mvn verify}).
 */
class OldJUnitOnTheClassPathTest {

    private static final String OLD_JUNIT_PROPERTY = "deliverykit.test.oldJUnitDir";

    /** The JUnit BOM the build ran with, which the message recommends. */
    private static final String BUILT_WITH = System.getProperty("deliverykit.test.junitVersion", "5.14.4");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "JUnit Jupiter {0}, Platform {1}")
    @CsvSource({"5.12.2, 1.12.2", "5.10.3, 1.10.3"})
    void aKitTestOnAnUnsupportedJUnitFailsWithTheVersionsFoundTheVersionNeededAndTheFix(String jupiter, String platform)
            throws Exception {
        List<Path> junitJars = new ArrayList<>(oldJUnitJars(jupiter));
        junitJars.add(codeSource(AssertionFailedError.class));
        junitJars.add(codeSource(API.class));

        ChildOnItsOwnClassPath child = ChildOnItsOwnClassPath.launchMethodBoundaryTestCases(dir, junitJars);

        assertThat(child.exitCode).as(child.toString()).isEqualTo(1);
        assertThat(child.stdout)
                .as(child.toString())
                .isEqualTo(List.of(
                        "container theSecondEntryIsNeverAppended(CrashScenario): FAILED"
                                + " org.junit.jupiter.api.extension.ExtensionConfigurationException: DeliveryKit needs"
                                + " JUnit Jupiter 5.13 or newer and JUnit Platform 1.13 or newer (or JUnit 6), but this"
                                + " test run has junit-jupiter-api " + jupiter + ", junit-jupiter-engine " + jupiter
                                + ", junit-platform-commons " + platform + ", junit-platform-engine " + platform
                                + ". A BOM in the build's dependency management (a framework's, for example) probably"
                                + " chose this JUnit. Fix: import JUnit's BOM before any other BOM that manages JUnit.",
                        "Maven, first in <dependencyManagement><dependencies>:",
                        "    <dependency>",
                        "      <groupId>org.junit</groupId>",
                        "      <artifactId>junit-bom</artifactId>",
                        "      <version>" + BUILT_WITH + "</version>",
                        "      <type>pom</type>",
                        "      <scope>import</scope>",
                        "    </dependency>",
                        "Gradle, in dependencies { }:",
                        "    testImplementation(platform(\"org.junit:junit-bom:" + BUILT_WITH + "\"))",
                        "tests found 0, succeeded 0, failed 0, aborted 0"));
        assertThat(child.stderr).as(child.toString()).isEmpty();
    }

    /** The Jupiter API and engine and the Platform commons, engine and launcher jars of that JUnit, and no others. */
    private static List<Path> oldJUnitJars(String jupiter) throws IOException {
        Path jars = Path.of(System.getProperty(OLD_JUNIT_PROPERTY, "<" + OLD_JUNIT_PROPERTY + " not set>"))
                .resolve(jupiter);
        assertThat(jars)
                .as("the jars of JUnit %s, copied by maven-dependency-plugin", jupiter)
                .isDirectory();
        try (Stream<Path> listed = Files.list(jars)) {
            List<Path> found = listed.sorted().toList();
            assertThat(found)
                    .extracting(jar -> jar.getFileName().toString().replaceFirst("-[0-9][^-]*\\.jar$", ""))
                    .containsExactly(
                            "junit-jupiter-api",
                            "junit-jupiter-engine",
                            "junit-platform-commons",
                            "junit-platform-engine",
                            "junit-platform-launcher");
            return found;
        }
    }
}
