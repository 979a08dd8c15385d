package dev.deliverykit.benchmarks.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary directory (in {@code java.io.tmpdir}, where users' {@code @TempDir}s are) that hands out a
 * fresh sub-directory per case, so every case starts from new database files like a test does.
 *
 * <pre>{@code
 * Scratch scratch = Scratch.create("b1");
 * Path dir = scratch.next();   // .../deliverykit-bench-b1-123/case-1
 * scratch.clear();             // deletes every case directory so far
 * }</pre>
 */
public final class Scratch implements AutoCloseable {

    private final Path root;
    private long cases;

    private Scratch(Path root) {
        this.root = root;
    }

    /** A new, empty scratch directory. */
    public static Scratch create(String label) {
        try {
            return new Scratch(Files.createTempDirectory("deliverykit-bench-" + label + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "could not create a scratch directory in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** The scratch directory itself. */
    public Path root() {
        return root;
    }

    /** A new empty directory for one case. */
    public Path next() {
        try {
            return Files.createDirectory(root.resolve("case-" + (++cases)));
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a case directory in " + root, e);
        }
    }

    /** Deletes every case directory handed out so far (between measurement iterations). */
    public void clear() {
        try (Stream<Path> children = Files.list(root)) {
            children.forEach(Scratch::deleteTree);
        } catch (IOException e) {
            throw new UncheckedIOException("could not clear " + root, e);
        }
    }

    @Override
    public void close() {
        deleteTree(root);
    }

    /** Deletes a directory tree; a missing one is fine. */
    public static void deleteTree(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    throw new UncheckedIOException("could not delete " + file, e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + path, e);
        }
    }
}
