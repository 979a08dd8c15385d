package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The report directory that every JVM of a build shares (Maven surefire's or Gradle's forks, an IDE run): each
 * JVM writes its own part, {@code parts/report-<pid>-<n>.json}, and then, holding a lock on
 * {@code .report.lock}, merges the parts of its run into {@code report.json}, {@code report.html} and
 * {@code report.md}. Every file is replaced whole (written aside, then moved), so no JVM reads or leaves half a
 * file, and the last JVM to finish leaves the report of the whole run.
 *
 * <p>A part belongs to a run ({@link #RUN}): the JVMs that one build tool invocation started. Parts of any other
 * run are stale (an earlier {@code mvn verify}) and are deleted, with their attachments, when a JVM of a new run
 * publishes, so a report holds exactly the JVMs of its run. Within a run, a later part's test replaces the same
 * test (by unique id) of an earlier one.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportDirectory {

    static final String PARTS = "parts";
    static final String ATTACHMENTS = "attachments";

    /** The system property that names the run instead of the launching process (see {@link #RUN}). */
    static final String RUN_PROPERTY = "deliverykit.report.run-id";

    /**
     * This JVM's run: the value of {@value #RUN_PROPERTY} when set, else the process that started this JVM, by
     * its pid and start time ({@code 4711@2026-12-01T13:47:00.120Z}). Every fork that one {@code mvn} invocation
     * starts has the Maven JVM as its parent, so they share a run, and the next invocation is a new one.
     */
    public static final String RUN = runOfThisJvm();

    private static final String LOCK = ".report.lock";
    /** Several launcher runs in one JVM (EngineTestKit) each write their own part. */
    private static final AtomicInteger REPORTS_OF_THIS_JVM = new AtomicInteger();

    private ReportDirectory() {}

    private static String runOfThisJvm() {
        String named = System.getProperty(RUN_PROPERTY, "").strip();
        if (!named.isEmpty()) {
            return named;
        }
        ProcessHandle launcher = ProcessHandle.current().parent().orElse(ProcessHandle.current());
        return launcher.pid() + "@"
                + launcher.info().startInstant().map(Instant::toString).orElse("unknown");
    }

    /** The name of this JVM's next part, without {@code .json}: {@code report-<pid>-<n>}. */
    public static String newPartName() {
        return "report-" + ProcessHandle.current().pid() + "-" + REPORTS_OF_THIS_JVM.incrementAndGet();
    }

    /** Where the attachments of the part {@code partName} go: {@code attachments/<partName>/}. */
    public static Path attachments(Path directory, String partName) {
        return directory.resolve(ATTACHMENTS).resolve(partName);
    }

    /**
     * Writes {@code part} as {@code partName} and the report merged from every part of its run in
     * {@code directory}, after deleting the parts (and attachments) of other runs; returns {@code report.html}.
     *
     * @throws UncheckedIOException naming the directory and the configuration key if it cannot be written
     */
    @SuppressWarnings("try") // the lock is held for the block's duration, never read
    public static Path publish(Path directory, String partName, Report part) {
        String name = partName + ".json";
        try {
            Path parts = Files.createDirectories(directory.resolve(PARTS));
            // A FileLock keeps other JVMs out; threads of this JVM queue on the class (a second lock would throw).
            synchronized (ReportDirectory.class) {
                try (FileChannel channel = FileChannel.open(
                                directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock lock = channel.lock()) {
                    replace(parts.resolve(name), ReportJson.write(part));
                    Map<String, Report> ofThisRun =
                            readParts(parts, ((Report.Part) part.header()).run(), directory.resolve(ATTACHMENTS));
                    return new ReportFiles(RunMerge.merge(ofThisRun)).write(directory);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(ReportMessages.directoryUnwritable(directory.toAbsolutePath()), e);
        }
    }

    /**
     * Every readable part of {@code run}, oldest first (by the time written, then by name); parts of other runs
     * are deleted with their attachments; unreadable ones are skipped, saying so.
     */
    private static Map<String, Report> readParts(Path parts, String run, Path attachments) throws IOException {
        List<ReadPart> read = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(parts, "report-*.json")) {
            for (Path file : files) {
                try {
                    Report part = ReportJson.read(Files.readString(file, StandardCharsets.UTF_8));
                    if (!(part.header() instanceof Report.Part header) || !run.equals(header.run())) {
                        deleteStale(file, attachments);
                        continue;
                    }
                    read.add(new ReadPart(file.getFileName().toString(), Instant.parse(header.written()), part));
                } catch (IOException | IllegalArgumentException | DateTimeParseException e) {
                    System.err.println("[DeliveryKit] the report leaves out " + file + ", which cannot be read ("
                            + e.getMessage() + "); delete it or clean the report directory");
                }
            }
        }
        read.sort(Comparator.comparing(ReadPart::written).thenComparing(ReadPart::file));
        Map<String, Report> ordered = new LinkedHashMap<>();
        read.forEach(part -> ordered.put(part.file(), part.content()));
        return ordered;
    }

    /** Deletes a part of an earlier run and its attachments. */
    private static void deleteStale(Path part, Path attachments) throws IOException {
        String name = part.getFileName().toString();
        Path attached = attachments.resolve(name.substring(0, name.length() - ".json".length()));
        if (Files.isDirectory(attached)) {
            try (Stream<Path> files = Files.walk(attached)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
        Files.deleteIfExists(part);
    }

    /**
     * Writes {@code text} beside {@code target}, then moves it over {@code target}, atomically where possible. The
     * file is created as any file the build writes (the umask decides, typically 0644), not as a private temporary
     * file (0600): an artifact uploader running as another user must be able to read the report.
     */
    static void replace(Path target, String text) throws IOException {
        Path aside = target.resolveSibling(target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + ASIDE_FILES.incrementAndGet() + ".tmp");
        try {
            Files.writeString(
                    aside, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(aside, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(aside);
        }
    }

    /** Numbers the files written aside by this JVM, so that two threads never write the same one. */
    private static final AtomicInteger ASIDE_FILES = new AtomicInteger();

    private record ReadPart(String file, Instant written, Report content) {}
}
