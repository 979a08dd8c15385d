package dev.deliverykit.junit5.postgres;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.rerun.RerunClassPath;
import dev.deliverykit.junit5.realstack.RealStack;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.process.ClassDataSharing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A child that maps the archive trained by a child that used the PostgreSQL driver: the driver's jar is a
 * multi-release jar, whose versioned classes a JDK 17 child under the kit's agent cannot take from the archive (it
 * dies in the JVM, exit code 134), so the archive leaves them out and the child loads them from the jar.
 */
@RealStack
class PostgresClassDataSharingTest {

    @RegisterExtension
    static final PostgresDatabases server = PostgresDatabases.named();

    @TempDir
    Path dir;

    @Test
    void aChildMappingAnArchiveTrainedOnPostgresRunsAndLoadsTheVersionedClassesFromTheJar() throws IOException {
        Path archives = dir.resolve("cds");

        CrashTestResults first = run(archives, dir.resolve("first"));
        ClassDataSharing.dumped(archives, RerunClassPath.get()).join();
        CrashTestResults second = run(archives, dir.resolve("second"));

        assertThat(first.failures()).isEmpty();
        assertThat(first).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        assertThat(second.failures()).isEmpty();
        assertThat(second).hasNumberOfStartedCases(1).hasNumberOfSucceededCases(1);
        List<String> log = childLog(dir.resolve("second"));
        assertThat(sourceOf(log, "org.postgresql.Driver"))
                .contains("postgresql-")
                .doesNotContain("shared objects");
    }

    private CrashTestResults run(Path archives, Path logs) throws IOException {
        Files.createDirectories(logs);
        return CrashTestKit.reportingTo(dir.resolve("reports"))
                .with(DeliveryKitConfiguration.CHILD_CLASS_DATA_SHARING_DIRECTORY, archives.toString())
                .with(DeliveryKitConfiguration.CHILD_PARALLELISM, "1")
                .with(
                        DeliveryKitConfiguration.CHILD_JVM_OPTIONS,
                        "-Xlog:class+load=info:file=" + logs.resolve("child-%p.log"))
                .run(OneExitTestCases.class);
    }

    /** The class-loading logs of the JVMs the run started with the children's options, one after the other. */
    private static List<String> childLog(Path logs) throws IOException {
        try (Stream<Path> files = Files.list(logs)) {
            return files.sorted().flatMap(PostgresClassDataSharingTest::lines).toList();
        }
    }

    private static Stream<String> lines(Path log) {
        try {
            return Files.readAllLines(log).stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sourceOf(List<String> log, String className) {
        return log.stream()
                .filter(line -> line.contains("] " + className + " source: "))
                .findFirst()
                .orElse("no line loading " + className);
    }

    @CrashTestKitOnly
    @BoundaryCatalogueSource(PipelineBoundaries.class)
    static class OneExitTestCases extends PostgresOrderedPipelineTest.Pipeline {
        @CrashAt(value = "relay.after-accepted-commit", mode = CrashMode.CHILD_PROCESS)
        void a1IsAppliedExactlyOnce(CrashScenario scenario) throws Exception {
            crashAndRecover(scenario);
        }
    }
}
