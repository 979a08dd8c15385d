package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The class-data-sharing archive (AppCDS) of this JVM's children of one class path ({@link ChildJvm#classDataSharing}):
 * the classes a child loads from the jars of its class path, parsed and verified once and mapped by every later
 * child, which starts faster.
 *
 * <p>The archive is made from a child: the first child of a class path with no archive yet lists the classes it
 * loads ({@code -XX:DumpLoadedClassList}); once it has exited, {@code java -Xshare:dump} archives them, in the
 * background and in a JVM without the kit's agent; children started after that map it. It is kept in a directory
 * shared by later runs, named by a key of the JDK and of every jar (path, size, time of last change), so a run
 * with the same jars maps it from its first child and a changed jar never meets an archive of its old self; the
 * most recently used {@value #KEPT} archives are kept. The jars come first on the children's class path
 * ({@link JarsFirst}), as the JVM archives nothing from behind a directory.
 *
 * <p>Nothing is shared, and the children start as without it, on a JVM other than HotSpot,
 * when the children's options already say how to share classes ({@code -Xshare}, {@code -XX:SharedArchiveFile} and
 * the like: the user's choice wins), when moving the jars first could change what a child sees, or when the dump
 * failed once for the key (its output is left in {@code <key>.failed}). A child that cannot map the archive runs
 * without it ({@code -Xshare:auto}); the JVM's complaint about it is silenced ({@code -Xlog:cds=off}).
 */
@API(status = INTERNAL, since = "0.1")
public final class ClassDataSharing {

    static final int KEPT = 6;

    private static final List<String> SHARING_OPTIONS = List.of(
            "-Xshare",
            "-XX:SharedArchiveFile",
            "-XX:SharedClassListFile",
            "-XX:DumpLoadedClassList",
            "-XX:ArchiveClassesAtExit",
            "-XX:+AutoCreateSharedArchive",
            "-XX:AOT");
    private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(3);
    /** A class list line from which the dump generates classes without a class file (see {@link #dumpableLines}). */
    static final String LAMBDA_FORM_INVOKER = "@lambda-form-invoker";
    /**
     * Part of every archive's key: archives made by a kit whose lists the dump read otherwise are never mapped (an
     * archive made with {@value #LAMBDA_FORM_INVOKER} lines, or with classes of multi-release jars, crashes children
     * on JDK 17).
     */
    private static final String ARCHIVE_FORMAT = "3";

    private static final Duration AT_EXIT = Duration.ofSeconds(30);
    private static final Map<List<String>, ClassDataSharing> BY_DIRECTORY_AND_CLASS_PATH = new ConcurrentHashMap<>();

    private final Path directory;
    private final String originalClassPath;
    private final Optional<JarsFirst> layout;
    private final String key;
    private final AtomicBoolean training = new AtomicBoolean();
    private final AtomicBoolean touched = new AtomicBoolean();
    private volatile CompletableFuture<Void> dump = CompletableFuture.completedFuture(null);

    private ClassDataSharing(Path directory, String classPath, Optional<JarsFirst> layout) {
        this.directory = directory;
        this.originalClassPath = classPath;
        Optional<String> keyed = layout.filter(jars -> !jars.jars().isEmpty()).flatMap(ClassDataSharing::keyOf);
        this.layout = keyed.isPresent() ? layout : Optional.empty();
        this.key = keyed.orElse("");
    }

    /** This JVM's archive for children of {@code classPath} kept in {@code directory}. */
    static ClassDataSharing of(Path directory, String classPath) {
        if (!hotSpot()) {
            return new ClassDataSharing(null, classPath, Optional.empty());
        }
        Path absolute = directory.toAbsolutePath().normalize();
        return BY_DIRECTORY_AND_CLASS_PATH.computeIfAbsent(
                List.of(absolute.toString(), classPath),
                key -> new ClassDataSharing(absolute, classPath, JarsFirst.of(classPath)));
    }

    /**
     * The dump that the first child of {@code classPath} sharing through {@code directory} started in this JVM, done
     * or not: for a test that needs the archive made before its next child starts.
     */
    public static CompletableFuture<Void> dumped(Path directory, String classPath) {
        return of(directory, classPath).dump;
    }

    /** The children's class path: the jars first where the archive is made, else the class path as it is. */
    String classPath() {
        return layout.map(JarsFirst::classPath).orElse(originalClassPath);
    }

    /**
     * The options that make a child started with {@code childOptions} map the archive, or list its classes for
     * one (the first child without an archive), or none; give the child to {@link #started} next.
     */
    List<String> optionsFor(List<String> childOptions) {
        if (layout.isEmpty()
                || childOptions.stream()
                        .anyMatch(option -> SHARING_OPTIONS.stream().anyMatch(option::startsWith))) {
            return List.of();
        }
        Path archive = archive();
        if (Files.isRegularFile(archive)) {
            if (!touched.getAndSet(true)) {
                touch(archive);
            }
            return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off");
        }
        if (Files.exists(directory.resolve(key + ".failed")) || training.getAndSet(true)) {
            return List.of();
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException notWritable) {
            return List.of();
        }
        return List.of("-XX:DumpLoadedClassList=" + classList());
    }

    /** After {@code child} started with {@code options}: once a listing child has exited, dumps the archive. */
    void started(ChildProcess child, List<String> options) {
        if (options.stream().anyMatch(option -> option.startsWith("-XX:DumpLoadedClassList="))) {
            dump = child.onExit().thenRunAsync(this::dump, ClassDataSharing::runOnDaemon);
            // a run of one case ends before its dump: finish it, or its files are left half made
            Runtime.getRuntime().addShutdownHook(new Thread(this::awaitDumpAtExit, "deliverykit-child-archive-exit"));
        }
    }

    private void awaitDumpAtExit() {
        try {
            dump.get(AT_EXIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException ignored) {
            // the JVM exits anyway; the next run lists its classes again
        }
    }

    /** The archive's file for this class path and JDK. */
    Path archive() {
        return directory.resolve(key + ".jsa");
    }

    private Path classList() {
        return directory.resolve(key + "-" + ProcessHandle.current().pid() + ".classlist");
    }

    private void dump() {
        Path classList = classList();
        Path partial = directory.resolve(key + "-" + ProcessHandle.current().pid() + ".jsa.part");
        try {
            if (Files.isRegularFile(archive())
                    || !dumpableLines(
                            classList,
                            MultiReleaseClasses.of(layout.orElseThrow().jars()))) {
                return; // another JVM made it meanwhile, or the child listed nothing
            }
            // -Xshare:dump exits once the archive is written; the main class is never run
            ChildResult result = ChildJvm.mainClass(ClassDataSharing.class)
                    .classPath(layout.orElseThrow().jarClassPath())
                    .jvmArgs("-Xshare:dump", "-XX:SharedClassListFile=" + classList, "-XX:SharedArchiveFile=" + partial)
                    .timeout(DUMP_TIMEOUT)
                    .run();
            if (result.exitCode() == 0 && Files.isRegularFile(partial)) {
                publish(partial);
                evictBeyondKept();
            } else {
                Files.writeString(directory.resolve(key + ".failed"), result.toString());
            }
        } catch (IOException | RuntimeException failed) {
            // Sharing only makes children start faster: a dump that fails leaves them as they were.
            try {
                Files.writeString(directory.resolve(key + ".failed"), String.valueOf(failed));
            } catch (IOException ignored) {
                // nowhere to say it; the next run tries again
            }
        } finally {
            deleteQuietly(classList);
            deleteQuietly(partial);
        }
    }

    private void publish(Path partial) throws IOException {
        try {
            Files.move(partial, archive(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (!Files.isRegularFile(archive())) {
                throw e;
            } // another JVM's archive of the same key is in place (and mapped), as good as this one
        }
    }

    /**
     * Keeps the lines of the list that the dump may archive: not a last line the child was writing when it died,
     * which the dump would refuse, none naming a class of a multi-release jar ({@link MultiReleaseClasses}), and no
     * {@value #LAMBDA_FORM_INVOKER} line. From those the dump generates
     * {@code java.lang.invoke} classes (such as {@code BoundMethodHandle$Species_LIJ}) that no class file backs; a
     * JDK 17 child that loads one from the archive while a class file transformer is installed (the kit's agent
     * always is) dies in the JVM (SIGSEGV in {@code KlassFactory::check_shared_class_file_load_hook}).
     */
    static boolean dumpableLines(Path classList, Set<String> leftOut) throws IOException {
        if (!Files.isRegularFile(classList)) {
            return false;
        }
        String text = Files.readString(classList, StandardCharsets.UTF_8);
        String whole = text.substring(0, text.lastIndexOf('\n') + 1);
        StringBuilder kept = new StringBuilder(whole.length());
        for (String line : whole.split("\n", -1)) {
            if (!line.isEmpty()
                    && !line.startsWith(LAMBDA_FORM_INVOKER)
                    && !leftOut.contains(MultiReleaseClasses.classOf(line))) {
                kept.append(line).append('\n');
            }
        }
        Files.writeString(classList, kept, StandardCharsets.UTF_8);
        return !kept.toString().isBlank();
    }

    /** Also the lists and half-made archives of JVMs killed while they made one, once they are an hour old. */
    private void evictBeyondKept() throws IOException {
        List<Path> files;
        try (Stream<Path> listed = Files.list(directory)) {
            files = listed.sorted(
                            Comparator.comparing(ClassDataSharing::lastModified).reversed())
                    .toList();
        }
        files.stream()
                .filter(file -> file.getFileName().toString().endsWith(".jsa"))
                .skip(KEPT)
                .forEach(ClassDataSharing::deleteQuietly);
        FileTime anHourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        files.stream()
                .filter(file -> file.getFileName().toString().endsWith(".classlist")
                        || file.getFileName().toString().endsWith(".jsa.part"))
                .filter(file -> lastModified(file).compareTo(anHourAgo) < 0)
                .forEach(ClassDataSharing::deleteQuietly);
    }

    private static FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException gone) {
            return FileTime.fromMillis(0);
        }
    }

    private static void touch(Path archive) {
        try {
            Files.setLastModifiedTime(archive, FileTime.from(Instant.now()));
        } catch (IOException ignored) {
            // only the order of eviction depends on it
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // left for the next eviction
        }
    }

    private static Optional<String> keyOf(JarsFirst layout) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, ARCHIVE_FORMAT);
            update(digest, System.getProperty("java.home"));
            update(digest, System.getProperty("java.vm.version"));
            for (Path jar : layout.jars()) {
                update(digest, jar.toAbsolutePath().toString());
                update(
                        digest,
                        Files.size(jar) + "@" + Files.getLastModifiedTime(jar).toMillis());
            }
            return Optional.of("child-" + HexFormat.of().formatHex(digest.digest(), 0, 12));
        } catch (NoSuchAlgorithmException | IOException unreadable) {
            return Optional.empty(); // a jar that cannot be read cannot be keyed: no archive
        }
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }

    private static boolean hotSpot() {
        String vm = System.getProperty("java.vm.name", "");
        return vm.contains("HotSpot") || vm.startsWith("OpenJDK");
    }

    private static void runOnDaemon(Runnable work) {
        Thread thread = new Thread(work, "deliverykit-child-archive");
        thread.setDaemon(true);
        thread.start();
    }
}
