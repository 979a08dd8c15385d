package dev.deliverykit.junit5;

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

/**
 * The report directory that every JVM of a build shares (Maven surefire's or Gradle's forks, an IDE run): each
 * JVM writes its own part, {@code parts/report-<pid>-<n>.json}, and then, holding a lock on
 * {@code .report.lock}, merges all parts into {@code report.json}, {@code report.html} and {@code report.md}.
 * Every file is replaced whole (written aside, then moved), so no JVM reads or leaves half a file, and the
 * last JVM to finish leaves the report of the whole build.
 *
 * <p>Parts stay until the directory is cleaned ({@code mvn clean}), as surefire's own reports do: a later run
 * of some tests replaces their rows (by unique id) and keeps the others' last results.
 */
final class ReportDirectory {

    static final String PARTS = "parts";
    private static final String LOCK = ".report.lock";
    /** Several launcher runs in one JVM (EngineTestKit) each write their own part. */
    private static final AtomicInteger REPORTS_OF_THIS_JVM = new AtomicInteger();

    private ReportDirectory() {}

    /**
     * Writes {@code part} and the report merged from every part in {@code directory}; returns {@code report.html}.
     *
     * @throws UncheckedIOException naming the directory and the configuration key if it cannot be written
     */
    static Path publish(Path directory, ReportJson.Node part) {
        String name = "report-" + part.path("pid").asLong() + "-" + REPORTS_OF_THIS_JVM.incrementAndGet() + ".json";
        try {
            Path parts = Files.createDirectories(directory.resolve(PARTS));
            // A FileLock keeps other JVMs out; threads of this JVM queue on the class (a second lock would throw).
            synchronized (ReportDirectory.class) {
                try (FileChannel channel = FileChannel.open(
                                directory.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock lock = channel.lock()) {
                    replace(parts.resolve(name), ReportFiles.json(part));
                    return new ReportFiles(new ReportJson.Node(ReportModel.merge(readParts(parts)))).write(directory);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "DeliveryKit could not write its report into " + directory.toAbsolutePath()
                            + "; check that the directory (deliverykit.report.dir) is writable",
                    e);
        }
    }

    /** Every readable part, oldest first (by the time written, then by name); unreadable ones are skipped, saying so. */
    private static Map<String, ReportJson.Node> readParts(Path parts) throws IOException {
        List<ReadPart> read = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(parts, "report-*.json")) {
            for (Path file : files) {
                try {
                    ReportJson.Node part = ReportJson.read(Files.readString(file, StandardCharsets.UTF_8));
                    if (!ReportModel.FORMAT.equals(part.path("format").asText())) {
                        throw new IOException(
                                "its format is \"" + part.path("format").asText() + "\", not " + ReportModel.FORMAT);
                    }
                    read.add(new ReadPart(
                            file.getFileName().toString(),
                            Instant.parse(part.path("written").asText()),
                            part));
                } catch (IOException | IllegalArgumentException | DateTimeParseException e) {
                    System.err.println("[DeliveryKit] the report leaves out " + file + ", which cannot be read ("
                            + e.getMessage() + "); delete it or clean the report directory");
                }
            }
        }
        read.sort(Comparator.comparing(ReadPart::written).thenComparing(ReadPart::file));
        Map<String, ReportJson.Node> ordered = new LinkedHashMap<>();
        read.forEach(part -> ordered.put(part.file(), part.content()));
        return ordered;
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

    private record ReadPart(String file, Instant written, ReportJson.Node content) {}
}
