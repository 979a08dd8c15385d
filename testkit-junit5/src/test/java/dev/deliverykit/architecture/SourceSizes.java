package dev.deliverykit.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The two size rules of the kit's main sources that ArchUnit, reading class files, cannot see: no source file over
 * {@value #MAX_LINES} lines, and at most {@value #MAX_API_FILES} files in the JUnit face's API package. A class that
 * outgrows the first has taken a second job; an API package that outgrows the second has let internals in.
 */
final class SourceSizes {

    static final int MAX_LINES = 450;
    static final int MAX_API_FILES = 40;

    /** The main source trees of the three artifacts, relative to the repository root. */
    static final List<String> MAIN_TREES = List.of(
            "testkit-core/src/main/java", "testkit-core/reference/src/main/java", "testkit-junit5/src/main/java");

    static final String API_PACKAGE = "testkit-junit5/src/main/java/dev/deliverykit/junit5";

    private SourceSizes() {}

    /** Each violation of either rule under {@code root}, one line each; empty if there is none. */
    static List<String> violations(Path root) {
        List<String> found = new ArrayList<>();
        for (String tree : MAIN_TREES) {
            Path dir = root.resolve(tree);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            for (Path file : javaFiles(dir, Integer.MAX_VALUE)) {
                long lines = lines(file);
                if (lines > MAX_LINES) {
                    found.add(root.relativize(file) + " has " + lines + " lines, more than " + MAX_LINES
                            + ": split it by job");
                }
            }
        }
        Path api = root.resolve(API_PACKAGE);
        if (Files.isDirectory(api)) {
            int files = javaFiles(api, 1).size();
            if (files > MAX_API_FILES) {
                found.add(API_PACKAGE + " holds " + files + " files, more than " + MAX_API_FILES
                        + ": move what users do not name into a room under internal");
            }
        }
        return found;
    }

    private static List<Path> javaFiles(Path dir, int depth) {
        try (Stream<Path> files = Files.walk(dir, depth)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
