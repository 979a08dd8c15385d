package dev.deliverykit.process;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A class path with its jars moved before its other entries (class directories), where the move changes nothing a
 * program can see: no file of a directory has the name of an entry of a jar, so every class and resource is found
 * in the same place, and {@code getResources} lists the same places for every name, whatever the order.
 *
 * <p>Why: the JVM archives classes for sharing (AppCDS) only from the jars that come before the first non-empty
 * directory of the class path, and a build's test class path starts with {@code target/test-classes} and
 * {@code target/classes}. A directory still yields its classes and its resources as files, as it did.
 *
 * @param jars the jars, in their order
 * @param others the directories and whatever else the class path names, in their order
 */
record JarsFirst(List<Path> jars, List<Path> others) {

    private static final Pattern VERSIONED = Pattern.compile("^META-INF/versions/[0-9]+/");

    public JarsFirst {
        jars = List.copyOf(jars);
        others = List.copyOf(others);
    }

    /**
     * {@code classPath} (in the form of {@code java.class.path}) with its jars first, or empty when a file of one of
     * its directories has the name of a jar's entry (a multi-release jar's versioned entries count by their base
     * name), so that the order decides which one a program sees, or when an entry cannot be read (nothing can be
     * said of it).
     */
    static Optional<JarsFirst> of(String classPath) {
        List<Path> jars = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            (Files.isRegularFile(path) ? jars : others).add(path);
        }
        try {
            Set<String> files = new HashSet<>();
            for (Path directory : others) {
                files.addAll(filesIn(directory));
            }
            for (Path jar : files.isEmpty() ? List.<Path>of() : jars) {
                if (anyEntryOf(jar, files)) {
                    return Optional.empty();
                }
            }
        } catch (IOException | UncheckedIOException unreadable) {
            return Optional.empty();
        }
        return Optional.of(new JarsFirst(jars, others));
    }

    /** The class path, jars first. */
    String classPath() {
        return Stream.concat(jars.stream(), others.stream())
                .map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The jars alone, as a class path: what an archive of this class path is made from. */
    String jarClassPath() {
        return jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    private static Set<String> filesIn(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return Set.of();
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .map(file -> Arrays.stream(
                                    directory.relativize(file).toString().split(Pattern.quote(File.separator)))
                            .collect(Collectors.joining("/")))
                    .collect(Collectors.toSet());
        }
    }

    private static boolean anyEntryOf(Path jar, Set<String> names) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                if (!entry.isDirectory()
                        && names.contains(VERSIONED.matcher(entry.getName()).replaceFirst(""))) {
                    return true;
                }
            }
            return false;
        }
    }
}
