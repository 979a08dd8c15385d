package dev.deliverykit.classpath;

import static dev.deliverykit.classpath.ChildOnItsOwnClassPath.codeSource;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.launcher.core.LauncherFactory;
import org.opentest4j.AssertionFailedError;

/**
 * The agent works from its jar alone: a child JVM whose class path is only the testkit-core jar (also its
 * {@code -javaagent}), the JUnit face's classes, JUnit's own jars and one fixture test class runs that class
 * through the JUnit Platform Launcher, and its crash case passes. No byte-buddy, SQLite driver, Jackson or AssertJ
 * of the user's is needed. Runs on the shaded jar that the reactor's package phase built ({@code mvn verify}).
 */
class AgentJarAloneTest {

    @TempDir
    Path dir;

    @Test
    void aCrashCaseRunsWithOnlyTheAgentJarTheJunitFaceAndJunitOnTheClassPath() throws Exception {
        ChildOnItsOwnClassPath child = ChildOnItsOwnClassPath.launchMethodBoundaryTestCases(dir, junitJars());

        assertThat(child.exitCode).as(child.toString()).isZero();
        // The case passed: the kit crashed the workload as the first append returned (the fixture asserts that the
        // second never ran), and the summary and report.html were written as in any run.
        assertThat(child.stdout)
                .as(child.toString())
                .isEqualTo(List.of(
                        "test [1] crash at normal exit of " + MethodBoundaryTestCases.Ledger.class.getName()
                                + "#append(java.lang.String) #1: SUCCESSFUL",
                        "",
                        "## DeliveryKit crash report",
                        "",
                        "| test | cases | passed | failed | aborted |",
                        "| --- | --- | --- | --- | --- |",
                        "| MethodBoundaryTestCases.theSecondEntryIsNeverAppended | 1 | 1 | 0 | 0 |",
                        "",
                        "Report: " + dir.resolve("target/deliverykit/report.html"),
                        "tests found 1, succeeded 1, failed 0, aborted 0"));
        assertThat(child.stderr).as(child.toString()).isEmpty();
        assertThat(dir.resolve("target/deliverykit/report.html")).isRegularFile();
    }

    /** The jars of the JUnit Platform and Jupiter that a build tool puts on a test class path, and no others. */
    private static List<Path> junitJars() {
        List<Path> jars = new ArrayList<>();
        for (Class<?> type : List.of(
                Test.class,
                JupiterTestEngine.class,
                AnnotationSupport.class,
                TestEngine.class,
                LauncherFactory.class,
                AssertionFailedError.class,
                API.class)) {
            jars.add(codeSource(type));
        }
        // JUnit 6 (which CI runs this module on too) annotates its API with JSpecify's nullness annotations.
        try {
            jars.add(codeSource(Class.forName("org.jspecify.annotations.Nullable")));
        } catch (ClassNotFoundException onJunit5) {
            // JUnit 5 has no such dependency.
        }
        assertThat(jars)
                .allSatisfy(jar -> assertThat(jar.toString()).endsWith(".jar"))
                .doesNotHaveDuplicates();
        return jars;
    }
}
