package dev.deliverykit.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes that the multi-release jars among a class path's jars have in a versioned form
 * ({@code META-INF/versions/11/org/postgresql/util/LazyCleanerImpl.class}), which the children's archive leaves out:
 * a JDK 17 child whose class file transformer (the kit's agent) is handed such a class from the archive dies in the
 * JVM (SIGSEGV in {@code KlassFactory::check_shared_class_file_load_hook}), as the PostgreSQL driver's showed. Such a
 * child loads them from the jar, as without an archive; the jars' other classes are shared.
 */
final class MultiReleaseClasses {

    private static final Pattern VERSIONED_CLASS = Pattern.compile("^META-INF/versions/[0-9]+/(.+)\\.class$");

    private MultiReleaseClasses() {}

    /** Those classes' names, in the class list's form ({@code org/postgresql/util/LazyCleanerImpl}). */
    static Set<String> of(Collection<Path> jars) throws IOException {
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                if (!multiRelease(file.getManifest())) {
                    continue;
                }
                file.stream().forEach(entry -> {
                    Matcher name = VERSIONED_CLASS.matcher(entry.getName());
                    if (name.matches() && !name.group(1).endsWith("module-info")) {
                        names.add(name.group(1));
                    }
                });
            }
        }
        return names;
    }

    /**
     * The class a class list's line names: its first word, or the second of a line such as {@code @lambda-proxy
     * org/postgresql/Driver execute ...}, from which the dump loads that class to make its lambda's class.
     */
    static String classOf(String line) {
        String[] words = line.split(" ", 3);
        return line.startsWith("@") && words.length > 1 ? words[1] : words[0];
    }

    private static boolean multiRelease(Manifest manifest) {
        return manifest != null
                && "true".equalsIgnoreCase(manifest.getMainAttributes().getValue("Multi-Release"));
    }
}
