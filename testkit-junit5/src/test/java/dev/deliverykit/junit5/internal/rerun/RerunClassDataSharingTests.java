package dev.deliverykit.junit5.internal.rerun;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.process.ClassDataSharing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class-data sharing for the children of {@code CHILD_PROCESS} cases, through the JUnit Platform: the first run
 * makes the archive from its first child, a later run's children map it, and the user's own sharing options win.
 * Which classes a child took from the archive is read from its class-loading log ({@code -Xlog:class+load}).
 */
class RerunClassDataSharingTests {

    /** A class of a jar of this build's class path, loaded by every child before its case. */
    private static final String LAUNCHER = "org.junit.platform.launcher.core.LauncherFactory";

    @TempDir
    Path dir;

    @Test
    void aLaterRunsChildrenMapTheArchiveTheFirstRunMadeFromItsFirstChild() throws IOException {
        Path archives = dir.resolve("cds");

        CrashTestResults first = run(archives, dir.resolve("first"));
        ClassDataSharing.dumped(archives, RerunClassPath.get()).join();
        CrashTestResults second = run(archives, dir.resolve("second"));

        assertThat(first.failures()).isEmpty();
        assertThat(first).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(4);
        assertThat(second).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(4);
        assertThat(listed(archives, ".jsa")).hasSize(1);
        assertThat(listed(archives, ".classlist")).isEmpty();
        assertThat(launcherSources(dir.resolve("second")))
                .hasSize(4)
                .allMatch(source -> source.contains("source: shared objects file"));
        assertThat(launcherSources(dir.resolve("first")))
                .hasSize(4)
                .first()
                .matches(source -> source.contains("source: jar:file:") || source.contains("source: file:"));
    }

    @Test
    void childrenGivenTheirOwnSharingOptionsMakeNoArchive() throws IOException {
        Path archives = dir.resolve("own");

        CrashTestResults results = CrashTestKit.reportingTo(dir.resolve("reports"))
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY, archives.toString())
                .with(DeliveryKitConfiguration.CHILD_JVM_OPTIONS, "-Xshare:off")
                .run(RerunClassDataSharingTestCases.TwoCommits.class);

        assertThat(results).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(4);
        assertThat(archives).doesNotExist();
    }

    @Test
    void switchedOffNoChildListsItsClasses() throws IOException {
        Path archives = dir.resolve("off-cds");

        CrashTestResults results = CrashTestKit.reportingTo(dir.resolve("off"))
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING, "false")
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY, archives.toString())
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "1")
                .with(DeliveryKitConfiguration.CHILD_JVM_OPTIONS, classLoadLog(dir.resolve("logs-off")))
                .run(RerunClassDataSharingTestCases.TwoCommits.class);

        assertThat(results).hasNumberOfStartedCases(4).hasNumberOfSucceededCases(4);
        assertThat(archives).doesNotExist();
        assertThat(launcherSources(dir.resolve("logs-off")))
                .hasSize(4)
                .noneMatch(source -> source.contains("shared objects file"));
    }

    private CrashTestResults run(Path archives, Path logs) {
        return CrashTestKit.reportingTo(dir.resolve("reports"))
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY, archives.toString())
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "1")
                .with(DeliveryKitConfiguration.CHILD_JVM_OPTIONS, classLoadLog(logs))
                .run(RerunClassDataSharingTestCases.TwoCommits.class);
    }

    private static String classLoadLog(Path logs) {
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return "-Xlog:class+load=info:file=" + logs.resolve("child-%p.log");
    }

    /** Where each child, oldest first, loaded {@link #LAUNCHER} from, as its log says. */
    private static List<String> launcherSources(Path logs) throws IOException {
        try (Stream<Path> files = Files.list(logs)) {
            return files.sorted(RerunClassDataSharingTests::byAge)
                    .map(RerunClassDataSharingTests::launcherLine)
                    .toList();
        }
    }

    private static int byAge(Path a, Path b) {
        try {
            return Files.getLastModifiedTime(a).compareTo(Files.getLastModifiedTime(b));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String launcherLine(Path log) {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(line -> line.contains(" " + LAUNCHER + " source: "))
                    .findFirst()
                    .orElse("no line loading " + LAUNCHER + " in " + log);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> listed(Path directory, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(suffix))
                    .toList();
        }
    }
}
