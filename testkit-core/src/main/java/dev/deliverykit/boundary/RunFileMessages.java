package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.util.List;

/**
 * The messages of the files through which the test's JVM and a child JVM hand over a run's plan and report: they are
 * the kit's own, so a failure here names the file and what could not be done with it.
 */
final class RunFileMessages {

    private RunFileMessages() {}

    /** The directory for a child's run files could not be created. */
    static String noDirectory() {
        return "could not create a directory for the child's plan and report";
    }

    /** A line of the {@code kind} file {@code file} (plan or report) that is none of its kinds, split into fields. */
    static String unreadableLine(String kind, Path file, List<String> fields) {
        return "unreadable " + kind + " line in " + file + ": " + fields;
    }

    /** The run file {@code file} could not be read. */
    static String unreadable(Path file) {
        return "could not read the run file " + file;
    }

    /** The run file {@code file} could not be written. */
    static String unwritable(Path file) {
        return "could not write the run file " + file;
    }
}
