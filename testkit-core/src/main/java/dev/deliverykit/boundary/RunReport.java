package dev.deliverykit.boundary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one run saw, in this JVM or reported by a child: every watched hit in order, where it crashed (if
 * it did), how the workload ended, and notes that help explain a boundary that was not reached.
 *
 * @param outcome how the run ended
 * @param hits every hit of a watched boundary, in order
 * @param crashIndex the index in {@code hits} of the crash site, or -1
 * @param workloadFailure {@code Class: message} of what the workload threw, or {@code null}
 * @param afterDeath what the dead process still tried after an in-process crash, each refused; empty otherwise
 * @param notes remarks such as statements whose SQL was unknown
 * @param problems instrumentation problems, one line each
 * @param changes what a recording changed before each hit ({@link DurableChanges}); unknown for a crash run
 * @param ownServers in a child's report: the local servers its JDBC connections reached that the test JVM's never
 *     did ({@code 127.0.0.1:54321}); empty otherwise
 */
record RunReport(
        Outcome outcome,
        List<BoundaryHit> hits,
        int crashIndex,
        String workloadFailure,
        List<String> afterDeath,
        List<String> notes,
        List<String> problems,
        DurableChanges.Counts changes,
        List<String> ownServers) {

    enum Outcome {
        /** The run died at its boundary. */
        CRASHED,
        /** The workload returned normally. */
        COMPLETED,
        /** The workload threw (not because of a crash). */
        FAILED,
        /** The run's failure was injected at its boundary, and the process lived on to the workload's end. */
        INJECTED
    }

    RunReport {
        hits = List.copyOf(hits);
        afterDeath = List.copyOf(afterDeath);
        notes = List.copyOf(notes);
        problems = List.copyOf(problems);
        Objects.requireNonNull(changes, "changes");
        ownServers = List.copyOf(ownServers);
    }

    /** This report with other notes and problems. */
    RunReport with(List<String> otherNotes, List<String> otherProblems) {
        return new RunReport(
                outcome, hits, crashIndex, workloadFailure, afterDeath, otherNotes, otherProblems, changes, ownServers);
    }

    /** This report with other lines of what the dead process tried. */
    RunReport withAfterDeath(List<String> lines) {
        return new RunReport(outcome, hits, crashIndex, workloadFailure, lines, notes, problems, changes, ownServers);
    }

    /** This report with the local servers only the child's JDBC connections reached. */
    RunReport withOwnServers(List<String> servers) {
        return new RunReport(outcome, hits, crashIndex, workloadFailure, afterDeath, notes, problems, changes, servers);
    }

    BoundaryHit crashSite() {
        return crashIndex < 0 ? null : hits.get(crashIndex);
    }

    /** Hits per boundary name, in the order the boundaries were first reached. */
    static Map<String, Integer> counts(List<BoundaryHit> hits) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (BoundaryHit hit : hits) {
            counts.merge(hit.boundary().name(), 1, Integer::sum);
        }
        return counts;
    }

    /** One line per reached boundary: {@code   "name" (description): 2}. */
    static List<String> reachedLines(List<BoundaryHit> hits) {
        Map<String, Boundary> boundaries = new LinkedHashMap<>();
        for (BoundaryHit hit : hits) {
            boundaries.putIfAbsent(hit.boundary().name(), hit.boundary());
        }
        Map<String, Integer> counts = counts(hits);
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Boundary> entry : boundaries.entrySet()) {
            lines.add("  " + entry.getValue().describe() + ": " + counts.get(entry.getKey()));
        }
        return lines;
    }
}
