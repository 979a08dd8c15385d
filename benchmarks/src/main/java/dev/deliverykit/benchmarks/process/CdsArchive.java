package dev.deliverykit.benchmarks.process;

import dev.deliverykit.process.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A static application class-data-sharing archive (AppCDS) for one kind of child JVM: a training child runs
 * with {@code -XX:DumpLoadedClassList}, then {@code java -Xshare:dump} archives those classes, and later
 * children map it with {@code -XX:SharedArchiveFile}.
 *
 * <p>Why static: a dynamic archive ({@code -XX:ArchiveClassesAtExit}) must be dumped by the JVM that ran
 * the agent, which needs the diagnostic {@code -XX:+AllowArchivingWithJavaAgent}, and on JDK 17.0.15 that
 * dump crashed the JVM (SIGSEGV in {@code MetaspaceClosure}) once the agent had retransformed the JDBC
 * classes. The static dump runs in a JVM without any agent.
 *
 * <pre>{@code
 * CdsArchive archive = CdsArchive.train(dir, "crash-child", flags -> runOneChild(flags));
 * archive.useFlags();   // [-XX:SharedArchiveFile=.../crash-child.jsa]
 * }</pre>
 *
 * @param file the archive
 */
public record CdsArchive(Path file) {

    /**
     * Why AppCDS cannot work for children of this JVM, if it cannot: the JVM refuses to dump or map an
     * archive when a non-empty directory is on the class path (as {@code target/classes} is in a build).
     */
    public static Optional<String> unavailableBecause() {
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path) && hasFiles(path)) {
                return Optional.of("the class path holds the directory " + entry + " (AppCDS needs jars)");
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code trainingChild} once with {@code -XX:DumpLoadedClassList}, then dumps the listed classes
     * (this JVM's class path) into {@code <dir>/<name>.jsa}.
     *
     * @throws IllegalStateException if the dump fails
     */
    public static CdsArchive train(Path dir, String name, Consumer<List<String>> trainingChild) {
        Path classList = dir.resolve(name + ".classlist");
        Path archive = dir.resolve(name + ".jsa");
        trainingChild.accept(List.of("-XX:DumpLoadedClassList=" + classList));
        TimedChild.run(
                ChildJvm.mainClass(CdsArchive.class)
                        .jvmArgs(
                                "-Xshare:dump",
                                "-XX:SharedClassListFile=" + classList,
                                "-XX:SharedArchiveFile=" + archive),
                0);
        if (!Files.isRegularFile(archive)) {
            throw new IllegalStateException("java -Xshare:dump wrote no archive " + archive + " from " + classList);
        }
        return new CdsArchive(archive);
    }

    /** The flags that map the archive in a later child. */
    public List<String> useFlags() {
        return List.of("-XX:SharedArchiveFile=" + file);
    }

    private static boolean hasFiles(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.findAny().isPresent();
        } catch (IOException e) {
            return true;
        }
    }
}
