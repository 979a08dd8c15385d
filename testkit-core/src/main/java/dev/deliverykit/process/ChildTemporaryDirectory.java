package dev.deliverykit.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A child JVM's own {@code java.io.tmpdir}: a fresh directory in this JVM's temporary directory, removed with
 * everything in it once the child has exited. What a child extracts there (sqlite-jdbc's native library and its
 * lock file, about 1.1 MB per JVM) would otherwise stay behind after every child.
 */
final class ChildTemporaryDirectory {

    private static final String PREFIX = "deliverykit-child-";

    private ChildTemporaryDirectory() {}

    /** A new, empty directory for one child. */
    static Path create() {
        try {
            return Files.createTempDirectory(PREFIX);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    ChildJvmMessages.noTemporaryDirectory(System.getProperty("java.io.tmpdir"), e.getMessage())
                            .sentences(),
                    e);
        }
    }

    /**
     * Removes {@code directory} and what the child left in it. Best effort: a file that cannot be removed (still
     * open on a file system that keeps open files) stays, and so does its directory.
     */
    static void remove(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try {
            Files.walkFileTree(directory, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException leftBehind) {
            // Only temporary files of a child that has exited: leaving them is no failure of the test.
        }
    }
}
