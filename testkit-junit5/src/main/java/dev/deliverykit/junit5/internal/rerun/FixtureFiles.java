package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * The files of a {@code CHILD_PROCESS} invocation's own {@code @TempDir} directories, handed from the test JVM to
 * the child JVM that reruns the test method, so that what the invocation writes before {@code scenario.run(...)}
 * is written once. The child reruns the invocation from the start, when those directories were new and empty: on
 * the test JVM's files its fixture code would write a second time (an order placed twice, a table that already
 * exists). So at {@code scenario.run(...)} the test JVM moves what each directory holds into a stash beside it
 * ({@link #setAside}); the child's rerun writes its fixture into the empty directory, and at the child's own
 * {@code scenario.run(...)} the stash replaces it ({@link #putBack}): the workload starts from the test JVM's
 * files, {@code scenario.prepare(...)}'s writes included, as in the test JVM. Files are moved, not copied, so that
 * what the test JVM has open on them sees the child's writes.
 */
@API(status = INTERNAL, since = "0.1")
public final class FixtureFiles {

    private static volatile Map<String, String> stashesOfThisChild = Map.of();

    private FixtureFiles() {}

    /**
     * In the test JVM, as its child is about to start: moves what each of {@code directories} holds into a new
     * stash beside it, which leaves the directory empty, as the child's rerun finds it new.
     *
     * @return the stash of each directory, by directory
     */
    public static Map<String, String> setAside(Collection<String> directories) {
        Map<String, String> stashes = new LinkedHashMap<>();
        for (String name : new TreeSet<>(directories)) {
            Path directory = Path.of(name);
            if (Files.isDirectory(directory)) {
                Path stash = besides(directory);
                moveContent(directory, stash);
                stashes.put(name, stash.toString());
            }
        }
        return stashes;
    }

    /**
     * Gives each directory its stash's files, in place of what it holds, and removes the stash; a stash already
     * put back is skipped. In the child before its workload, and in the test JVM after a child that never got there.
     *
     * @param stashes stashes by directory, as {@link #setAside} returned them
     */
    public static void putBack(Map<String, String> stashes) {
        stashes.forEach((directory, stash) -> {
            Path from = Path.of(stash);
            if (Files.isDirectory(from)) {
                Path to = Path.of(directory);
                for (Path entry : entries(to)) {
                    delete(entry);
                }
                moveContent(from, to);
                delete(from);
            }
        });
    }

    /** In a child JVM: the stashes of the test JVM's directories, by directory; set once by the child's main. */
    public static Map<String, String> ofThisChild() {
        return stashesOfThisChild;
    }

    static void useInThisChild(Map<String, String> stashes) {
        stashesOfThisChild = Map.copyOf(stashes);
    }

    private static List<Path> entries(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.toList();
        } catch (IOException e) {
            throw failed("list", directory, e);
        }
    }

    /** A new directory beside {@code directory}: on its file system, so that moving files keeps them. */
    private static Path besides(Path directory) {
        try {
            return Files.createTempDirectory(
                    directory.toAbsolutePath().getParent(), directory.getFileName() + ".fixture-");
        } catch (IOException e) {
            throw failed("create a directory beside", directory, e);
        }
    }

    private static void moveContent(Path from, Path to) {
        for (Path entry : entries(from)) {
            try {
                Files.move(entry, to.resolve(entry.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw failed("move", entry, e);
            }
        }
    }

    private static void delete(Path path) {
        try (Stream<Path> paths = Files.walk(path)) {
            for (Path each : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(each);
            }
        } catch (IOException e) {
            throw failed("delete", path, e);
        }
    }

    private static UncheckedIOException failed(String what, Path path, IOException cause) {
        return new UncheckedIOException(RerunMessages.fixtureFailed(what, path, cause.getMessage()), cause);
    }
}
