package dev.deliverykit.junit5.internal.rerun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/** What a CHILD_PROCESS case's child JVM gets as its class path, and the error when it could not run the launcher. */
class RerunClassPathTest {

    @TempDir
    Path dir;

    @Test
    void theLauncherTheRunnerKeepsOffTheTestClassPathIsAppended() {
        Path launcher =
                dir.resolve("surefire/junit-platform-launcher-1.14.4.jar").toAbsolutePath();
        String tests = dir.resolve("test-classes") + File.pathSeparator + dir.resolve("classes");

        assertThat(RerunClassPath.of(tests, Optional.of(launcher))).isEqualTo(tests + File.pathSeparator + launcher);
    }

    @Test
    void aTestClassPathWithTheLauncherIsKeptAsItIs() {
        Path launcher = dir.resolve("junit-platform-launcher-1.14.4.jar").toAbsolutePath();
        String tests = dir.resolve("test-classes") + File.pathSeparator + launcher;

        assertThat(RerunClassPath.of(tests, Optional.of(launcher))).isEqualTo(tests);
    }

    @Test
    void thisBuildsTestJvmGivesItsChildrenTheLauncher() {
        assertThat(RerunClassPath.get().split(File.pathSeparator))
                .anyMatch(entry -> Path.of(entry).getFileName().toString().startsWith("junit-platform-launcher-"));
    }

    @Test
    void noLauncherAnywhereNamesTheDependencyToAdd() {
        String tests = dir.resolve("test-classes").toString();

        assertThatThrownBy(() -> RerunClassPath.of(tests, Optional.empty()))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("neither on the test class path (" + tests + ") nor loaded by the test runner")
                .hasMessageContaining("Fix: declare it as a test dependency");
    }
}
