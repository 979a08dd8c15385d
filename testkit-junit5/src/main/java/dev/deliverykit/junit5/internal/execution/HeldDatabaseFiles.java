package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The database files in a case's {@code @TempDir} directories that this JVM holds locked, found before the case's child
 * JVM starts: the child opens the same directories, fails on such a file ("Database may be already in use" from H2),
 * and the reason lies in the test, not in the child. Files elsewhere are not judged: the test JVM may keep databases
 * of its own open (a Spring test context that its cache keeps) that the child never opens. Read from Linux's
 * {@code /proc/locks} and this process's open files, so that no file is opened (closing a descriptor of a locked
 * file would release this process's lock on it); elsewhere nothing is found.
 *
 * <p>A lock counts when it is an exclusive lock of this process over a whole file whose name is a database's
 * ({@code .db}, {@code .sqlite}, {@code .sqlite3}), as H2 holds on its {@code .mv.db} file while the database is
 * open. A database whose lock file ({@code .lock.db}) lies beside it is shared through that file (H2's
 * {@code AUTO_SERVER}), and does not count.
 */
@API(status = INTERNAL, since = "0.1")
public final class HeldDatabaseFiles {

    private static final Path LOCKS = Path.of("/proc/locks");
    private static final Path OPEN_FILES = Path.of("/proc/self/fd");

    private HeldDatabaseFiles() {}

    /**
     * The database files under {@code directories} that this JVM holds locked, sorted; empty where the system does not
     * say.
     */
    static Set<Path> ofThisJvmUnder(Collection<String> directories) {
        if (directories.isEmpty() || !Files.isReadable(LOCKS) || !Files.isDirectory(OPEN_FILES)) {
            return Set.of();
        }
        try {
            Set<Long> lockedInodes = exclusiveWholeFileLocks(
                    Files.readAllLines(LOCKS), ProcessHandle.current().pid());
            if (lockedInodes.isEmpty()) {
                return Set.of();
            }
            Set<Path> held = new TreeSet<>();
            for (Path file : openFilesUnder(directories)) {
                if (isDatabase(file) && lockedInodes.contains(inodeOf(file)) && !sharedThroughLockFile(file)) {
                    held.add(file);
                }
            }
            return held;
        } catch (IOException | UncheckedIOException | UnsupportedOperationException | SecurityException unknown) {
            return Set.of(); // a check that cannot look is no reason to stop a case
        }
    }

    /**
     * The files under {@code directories} that this JVM has open, locked or not, sorted; empty where the system does
     * not say.
     */
    static Set<Path> openOfThisJvmUnder(Collection<String> directories) {
        if (directories.isEmpty() || !Files.isDirectory(OPEN_FILES)) {
            return Set.of();
        }
        try {
            return openFilesUnder(directories);
        } catch (IOException | UncheckedIOException | UnsupportedOperationException | SecurityException unknown) {
            return Set.of();
        }
    }

    private static Set<Path> openFilesUnder(Collection<String> directories) throws IOException {
        List<Path> roots = new ArrayList<>();
        for (String directory : directories) {
            roots.add(Path.of(directory).toRealPath()); // open files are listed by their real paths
        }
        Set<Path> open = new TreeSet<>();
        for (Path file : openFiles()) {
            if (roots.stream().anyMatch(file::startsWith)) {
                open.add(file);
            }
        }
        return open;
    }

    /**
     * The inodes of the exclusive locks of {@code pid} over whole files, from lines of {@code /proc/locks} such as
     * {@code 2: POSIX  ADVISORY  WRITE 8988 fe:00:2147367 0 EOF}.
     */
    static Set<Long> exclusiveWholeFileLocks(List<String> lines, long pid) {
        Set<Long> inodes = new HashSet<>();
        for (String line : lines) {
            String[] fields = line.trim().split("\\s+");
            // id: kind mode type pid major:minor:inode start end; a request still waiting has "->" after the id
            int at = 1;
            if (fields.length < at + 7 || fields[1].equals("->")) {
                continue;
            }
            boolean exclusive = fields[at + 2].equals("WRITE");
            boolean ours = fields[at + 3].equals(Long.toString(pid));
            boolean wholeFile = fields[at + 5].equals("0") && fields[at + 6].equals("EOF");
            String[] device = fields[at + 4].split(":");
            if (exclusive && ours && wholeFile && device.length == 3) {
                try {
                    inodes.add(Long.parseLong(device[2]));
                } catch (NumberFormatException notAnInode) {
                    // a line of a form this reader does not know: not a lock it can name
                }
            }
        }
        return inodes;
    }

    private static List<Path> openFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(OPEN_FILES)) {
            for (Path descriptor : descriptors) {
                try {
                    Path target = Files.readSymbolicLink(descriptor);
                    if (target.isAbsolute() && Files.isRegularFile(target)) {
                        files.add(target);
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed while listing: not held any more
                }
            }
        }
        return files;
    }

    static boolean isDatabase(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".db") || name.endsWith(".sqlite") || name.endsWith(".sqlite3");
    }

    private static long inodeOf(Path file) throws IOException {
        return ((Number) Files.getAttribute(file, "unix:ino")).longValue();
    }

    /** Whether H2's lock file lies beside {@code file}: other processes then share the database through it. */
    private static boolean sharedThroughLockFile(Path file) {
        String name = file.getFileName().toString();
        int dot = name.indexOf('.');
        String base = dot < 0 ? name : name.substring(0, dot);
        return Files.exists(file.resolveSibling(base + ".lock.db"));
    }

    /** The failure of a case whose child would find {@code held} locked by this JVM. */
    static IllegalStateException heldByTheTestJvm(Set<Path> held, String caseName) {
        return new IllegalStateException(
                ScenarioMessages.heldByTheTestJvm(held, caseName).sentences());
    }
}
