package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.process.ClassDataSharing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Children of the engine's launches share the classes of their jars: the first lists them, a later one maps the
 * archive made from the list. Where a child took a class from is read from its class-loading log.
 */
class ChildClassDataSharingTest {

    private static final CrashPlan AFTER_PRINTING =
            CrashPlan.at(Selector.methodExit(JvmOptionsWorkload.class, "printed"));

    @TempDir
    Path dir;

    @Test
    void aLaterChildMapsTheArchiveMadeFromTheFirstChildsClasses() throws IOException {
        Path archives = dir.resolve("cds");
        Path first = Files.createDirectories(dir.resolve("first"));
        Path second = Files.createDirectories(dir.resolve("second"));

        crash(launch(archives, first));
        ClassDataSharing.dumped(archives, System.getProperty("java.class.path")).join();
        crash(launch(archives, second));

        String jarClass = firstClassFromAJar(log(first));
        assertThat(loadLine(log(second), jarClass)).contains("source: shared objects file");
        try (Stream<Path> files = Files.list(archives)) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .singleElement()
                    .asString()
                    .endsWith(".jsa");
        }
    }

    @Test
    void aLaterChildThatBindsMethodHandleArgumentsRunsOnTheArchive() throws IOException {
        // The dump would generate the BoundMethodHandle species the first child spun into the archive, and a JDK 17
        // child loading one from there under the agent's class file transformer dies in the JVM (exit code 134).
        CrashPlan atBound = CrashPlan.at(Selector.methodExit(MethodHandleSpeciesWorkload.class, "bound"));
        Path archives = dir.resolve("cds");
        Path first = Files.createDirectories(dir.resolve("first"));
        Path second = Files.createDirectories(dir.resolve("second"));

        crash(atBound, launch(MethodHandleSpeciesWorkload.class, archives, first));
        ClassDataSharing.dumped(archives, System.getProperty("java.class.path")).join();
        crash(atBound, launch(MethodHandleSpeciesWorkload.class, archives, second));

        String jarClass = firstClassFromAJar(log(first));
        assertThat(loadLine(log(second), jarClass)).contains("source: shared objects file");
    }

    @Test
    void aLaunchWithoutSharingListsNothing() throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));

        crash(launch(dir.resolve("cds"), logs).withoutClassDataSharing());

        assertThat(dir.resolve("cds")).doesNotExist();
        assertThat(ChildLaunch.of(JvmOptionsWorkload.class)
                        .withoutClassDataSharing()
                        .classDataSharing())
                .isEmpty();
    }

    @Test
    void byDefaultChildrenShareInTheBuildDirectory() {
        assertThat(ChildLaunch.of(JvmOptionsWorkload.class).classDataSharing())
                .isEqualTo(Optional.of(Path.of("target/deliverykit-cds")));
    }

    private static ChildLaunch launch(Path archives, Path logs) {
        return launch(JvmOptionsWorkload.class, archives, logs);
    }

    private static ChildLaunch launch(Class<? extends ProcessWorkload> workload, Path archives, Path logs) {
        return ChildLaunch.of(workload)
                .withClassDataSharingIn(archives)
                .jvmArgs("-Xlog:class+load=info:file=" + logs.resolve("child-%p.log"));
    }

    private static void crash(ChildLaunch launch) {
        crash(AFTER_PRINTING, launch);
    }

    private static void crash(CrashPlan plan, ChildLaunch launch) {
        CrashResult result = BoundaryEngine.get().crashInChildProcess(plan, launch);
        assertThat(result.childResult().orElseThrow().exitCode())
                .as("%s", result.childResult().orElseThrow())
                .isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
    }

    private static List<String> log(Path logs) throws IOException {
        try (Stream<Path> files = Files.list(logs)) {
            Path log = files.findFirst().orElseThrow();
            return Files.readAllLines(log);
        }
    }

    /** The first class the child loaded from a jar of the class path, by name. */
    private static String firstClassFromAJar(List<String> log) {
        String line = log.stream()
                .filter(entry -> entry.matches(".* source: (jar:)?file:.*\\.jar.*"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the first child loaded no class from a jar"));
        return line.replaceFirst("^\\[[^]]*]\\[[^]]*]\\[[^]]*] ", "").replaceFirst(" source: .*", "");
    }

    private static String loadLine(List<String> log, String className) {
        return log.stream()
                .filter(entry -> entry.contains("] " + className + " source: "))
                .findFirst()
                .orElse("no line loading " + className);
    }
}
