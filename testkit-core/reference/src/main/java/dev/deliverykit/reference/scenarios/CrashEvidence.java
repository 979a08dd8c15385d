package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.process.ChildResult;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What a crash table says about how its processes died, read from the crash results, never written by hand:
 * the exit codes of the child JVMs, and whether the same crashes in the report's JVM gave the same rows.
 *
 * <pre>{@code
 * table.row(number, CrashEvidence.exitCode(outcome.crash()), ...);        // "73"
 * CrashEvidence.exitCodes(crashes);                                       // "The 15 child JVMs exited with code 73."
 * }</pre>
 */
final class CrashEvidence {

    /** The exit column's header. */
    static final String EXIT = "exit";

    private CrashEvidence() {}

    /**
     * The child JVM's exit code as its {@link ChildResult} reports it; {@code none (in process)} for a crash in
     * this JVM.
     */
    static String exitCode(CrashResult crash) {
        return crash.childResult()
                .map(child -> Integer.toString(child.exitCode()))
                .orElse("none (in process)");
    }

    /** One sentence: how many child JVMs there were and which exit codes they ended with, with counts if several. */
    static String exitCodes(List<CrashResult> crashes) {
        Map<String, Long> codes = crashes.stream()
                .collect(Collectors.groupingBy(CrashEvidence::exitCode, TreeMap::new, Collectors.counting()));
        String ended = codes.size() == 1
                ? "code " + codes.keySet().iterator().next()
                : codes.entrySet().stream()
                        .map(code -> "code " + code.getKey() + " (" + code.getValue() + ")")
                        .collect(Collectors.joining(", "));
        return (crashes.size() == 1 ? "The child JVM" : "The " + crashes.size() + " child JVMs") + " exited with "
                + ended + ".";
    }

    /**
     * The paragraph after a table of real process exits: the same crashes in the report's JVM (in process)
     * give the same rows, or, if they do not, that they differ and their table.
     */
    static String inProcessComparison(String crashes, boolean same, Supplier<String> inProcessTable) {
        String inProcess = "In process (" + crashes + " in the report's JVM, where the boundary engine rolls back"
                + " and closes every connection of the dead run and unwinds it): ";
        return same
                ? inProcess + "the same rows.\n"
                : inProcess + "DIFFERENT rows, which the contract does not allow:\n\n" + inProcessTable.get();
    }
}
