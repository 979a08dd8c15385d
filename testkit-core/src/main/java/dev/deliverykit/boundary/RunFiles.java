package dev.deliverykit.boundary;

import dev.deliverykit.Fault;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The two files between a parent and a child run: the plan (what to watch, where to halt) and the report
 * (what the child saw). One record per line, tab-separated fields, with backslash escapes for tabs,
 * line breaks and backslashes, so SQL and stack frames survive unchanged.
 */
final class RunFiles {

    private RunFiles() {}

    /**
     * What a child runs: the plan, or {@code null} for a recording, and the watch list; and the ports of the local
     * servers the test JVM's JDBC connections reached, for the child to compare its own with (none: it cannot tell).
     */
    record ChildPlan(CrashPlan plan, WatchList watch, Set<Integer> testJvmServers) {
        ChildPlan {
            testJvmServers = Set.copyOf(testJvmServers);
        }
    }

    static void writePlan(Path file, CrashPlan plan, WatchList watch, Set<Integer> testJvmServers) {
        List<String> lines = new ArrayList<>();
        if (plan != null) {
            lines.add(line("arm", boundaryFields(plan.boundary()), Integer.toString(plan.occurrence())));
            lines.add(line("fault", plan.fault().name()));
        }
        for (Boundary boundary : watch.boundaries()) {
            lines.add(line("watch", boundaryFields(boundary)));
        }
        lines.add(line(
                "flags",
                flag(watch.statementsBefore()),
                flag(watch.statementsAfter()),
                flag(watch.transactionsBefore()),
                flag(watch.transactionsAfter())));
        if (!watch.seeThrough().isEmpty()) {
            lines.add(line("seeThrough", watch.seeThrough()));
        }
        if (!testJvmServers.isEmpty()) {
            lines.add(line(
                    "testJvmServers",
                    testJvmServers.stream().map(String::valueOf).toList()));
        }
        write(file, lines);
    }

    static ChildPlan readPlan(Path file) {
        Boundary armed = null;
        int occurrence = 0;
        Fault fault = Fault.CRASH;
        List<Boundary> watched = new ArrayList<>();
        boolean[] flags = new boolean[4];
        List<String> seeThrough = List.of();
        Set<Integer> testJvmServers = Set.of();
        for (List<String> fields : read(file)) {
            switch (fields.get(0)) {
                case "arm":
                    armed = boundary(fields, 1);
                    occurrence = Integer.parseInt(fields.get(4));
                    break;
                case "fault":
                    fault = Fault.valueOf(fields.get(1));
                    break;
                case "watch":
                    watched.add(boundary(fields, 1));
                    break;
                case "flags":
                    for (int i = 0; i < 4; i++) {
                        flags[i] = fields.get(i + 1).equals("1");
                    }
                    break;
                case "seeThrough":
                    seeThrough = fields.subList(1, fields.size());
                    break;
                case "testJvmServers":
                    testJvmServers = fields.subList(1, fields.size()).stream()
                            .map(Integer::valueOf)
                            .collect(Collectors.toSet());
                    break;
                default:
                    throw new IllegalStateException(RunFileMessages.unreadableLine("plan", file, fields));
            }
        }
        WatchList watch = new WatchList(watched, flags[0], flags[1], flags[2], flags[3], seeThrough);
        return new ChildPlan(
                armed == null ? null : CrashPlan.restore(armed, occurrence, watch, fault), watch, testJvmServers);
    }

    static void writeReport(Path file, RunReport report) {
        List<String> lines = new ArrayList<>();
        lines.add(line("outcome", report.outcome().name()));
        lines.add(line("crash", Integer.toString(report.crashIndex())));
        if (report.workloadFailure() != null) {
            lines.add(line("failure", report.workloadFailure()));
        }
        report.afterDeath().forEach(line -> lines.add(line("afterDeath", line)));
        report.notes().forEach(note -> lines.add(line("note", note)));
        report.problems().forEach(problem -> lines.add(line("problem", problem)));
        report.ownServers().forEach(server -> lines.add(line("ownServer", server)));
        for (BoundaryHit hit : report.hits()) {
            List<String> fields = new ArrayList<>(boundaryFields(hit.boundary()));
            fields.add(Integer.toString(hit.occurrence()));
            fields.add(hit.threadName());
            fields.add(Integer.toString(hit.stack().size()));
            fields.addAll(hit.stack());
            fields.add(Integer.toString(hit.via().size()));
            fields.addAll(hit.via());
            fields.add(hit.place().map(Place::reference).orElse(""));
            hit.places().forEach(place -> fields.add(place.reference()));
            lines.add(line("hit", fields));
        }
        if (!report.changes().beforeHits().isEmpty()) {
            lines.add(line(
                    "changesBeforeHits",
                    report.changes().beforeHits().stream().map(String::valueOf).toList()));
            lines.add(line(
                    "uncertainHits",
                    report.changes().uncertainHits().stream()
                            .sorted()
                            .map(String::valueOf)
                            .toList()));
            lines.add(line("jdbcThreads", report.changes().threads()));
            lines.add(line("outsideEffects", report.changes().outsideEffects()));
        }
        write(file, lines);
    }

    static RunReport readReport(Path file) {
        RunReport.Outcome outcome = null;
        int crashIndex = -1;
        String failure = null;
        List<String> afterDeath = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> ownServers = new ArrayList<>();
        List<BoundaryHit> hits = new ArrayList<>();
        List<Integer> changesBeforeHits = List.of();
        Set<Integer> uncertainHits = Set.of();
        List<String> jdbcThreads = List.of();
        List<String> outsideEffects = List.of();
        for (List<String> fields : read(file)) {
            String value = fields.size() > 1 ? fields.get(1) : null;
            switch (fields.get(0)) {
                case "outcome":
                    outcome = RunReport.Outcome.valueOf(value);
                    break;
                case "crash":
                    crashIndex = Integer.parseInt(value);
                    break;
                case "failure":
                    failure = value;
                    break;
                case "afterDeath":
                    afterDeath.add(value);
                    break;
                case "note":
                    notes.add(value);
                    break;
                case "problem":
                    problems.add(value);
                    break;
                case "ownServer":
                    ownServers.add(value);
                    break;
                case "hit":
                    int stackEnd = 7 + Integer.parseInt(fields.get(6));
                    int viaEnd = stackEnd + 1 + Integer.parseInt(fields.get(stackEnd));
                    hits.add(new BoundaryHit(
                            boundary(fields, 1),
                            Integer.parseInt(fields.get(4)),
                            fields.get(5),
                            fields.subList(7, stackEnd),
                            fields.subList(stackEnd + 1, viaEnd),
                            Optional.of(fields.get(viaEnd))
                                    .filter(place -> !place.isEmpty())
                                    .map(Place::of),
                            fields.subList(viaEnd + 1, fields.size()).stream()
                                    .map(Place::of)
                                    .toList()));
                    break;
                case "changesBeforeHits":
                    changesBeforeHits = fields.subList(1, fields.size()).stream()
                            .map(Integer::valueOf)
                            .toList();
                    break;
                case "uncertainHits":
                    uncertainHits = fields.subList(1, fields.size()).stream()
                            .map(Integer::valueOf)
                            .collect(Collectors.toSet());
                    break;
                case "jdbcThreads":
                    jdbcThreads = fields.subList(1, fields.size());
                    break;
                case "outsideEffects":
                    outsideEffects = fields.subList(1, fields.size());
                    break;
                default:
                    throw new IllegalStateException(RunFileMessages.unreadableLine("report", file, fields));
            }
        }
        return new RunReport(
                outcome,
                hits,
                crashIndex,
                failure,
                afterDeath,
                notes,
                problems,
                new DurableChanges.Counts(changesBeforeHits, uncertainHits, jdbcThreads, outsideEffects),
                ownServers);
    }

    private static List<String> boundaryFields(Boundary boundary) {
        return List.of(
                boundary.name(), flag(boundary.isNamed()), boundary.selector().spec());
    }

    private static Boundary boundary(List<String> fields, int from) {
        return Boundary.restore(
                fields.get(from),
                Selector.parse(fields.get(from + 2)),
                fields.get(from + 1).equals("1"));
    }

    private static String flag(boolean value) {
        return value ? "1" : "0";
    }

    private static String line(String kind, List<String> fields, String... more) {
        List<String> all = new ArrayList<>(fields);
        all.addAll(List.of(more));
        return line(kind, all.toArray(new String[0]));
    }

    private static String line(String kind, String... fields) {
        StringBuilder text = new StringBuilder(kind);
        for (String field : fields) {
            text.append('\t')
                    .append(field.replace("\\", "\\\\")
                            .replace("\t", "\\t")
                            .replace("\n", "\\n")
                            .replace("\r", "\\r"));
        }
        return text.toString();
    }

    private static List<List<String>> read(Path file) {
        try {
            List<List<String>> records = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isEmpty()) {
                    records.add(split(line));
                }
            }
            return records;
        } catch (IOException e) {
            throw new UncheckedIOException(RunFileMessages.unreadable(file), e);
        }
    }

    private static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\\' && i + 1 < line.length()) {
                char next = line.charAt(++i);
                field.append(next == 't' ? '\t' : next == 'n' ? '\n' : next == 'r' ? '\r' : next);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(RunFileMessages.unwritable(file), e);
        }
    }
}
