package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per flow, the applied records, read in the order they were applied, must be sequence {@code 1, 2, ..., k}:
 * no gap, no repeat, nothing out of order. Each flow is judged on its own, so one stuck flow never hides
 * another one's fault.
 */
final class ContiguousPrefixInvariant implements Invariant {

    private final String name;
    private final QuerySpec applied;
    private final String columnsNote;

    /**
     * @param applied     returns two columns, flow and sequence, in application order
     * @param columnsNote how the description explains those columns
     */
    ContiguousPrefixInvariant(String name, QuerySpec applied, String columnsNote) {
        this.name = name;
        this.applied = applied;
        this.columnsNote = columnsNote;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        // A table's columns are named in the note, so the table is written without them.
        String records = applied instanceof QuerySpec.TableQuery table
                ? table.table() + " on " + table.source().name()
                : applied.describe();
        return "each flow's applied records in " + records + " (" + columnsNote
                + ") are its sequence 1..k, each once, in sequence order";
    }

    @Override
    public InvariantResult check() {
        ResultRows rows;
        try (ReadSession session = new ReadSession(name)) {
            rows = session.read(applied);
        }
        rows.requireColumns(2, 2, "2 columns: the flow, then the sequence number, in application order");
        Map<Key, List<String>> seqsPerFlow = new LinkedHashMap<>();
        for (List<String> row : rows.rows()) {
            seqsPerFlow
                    .computeIfAbsent(new Key(Collections.singletonList(row.get(0))), flow -> new ArrayList<>())
                    .add(row.get(1));
        }
        List<Violation> violations = new ArrayList<>();
        seqsPerFlow.forEach((flow, seqs) -> SequenceJudgement.of(seqs)
                .ifPresent(judgement -> violations.add(new Violation(
                        ViolationKind.NOT_CONTIGUOUS_PREFIX, flow.text(), judgement.found(), judgement.expected()))));
        String checked = ReportFormat.count(seqsPerFlow.size(), "flow", "flows") + ", "
                + ReportFormat.count(rows.size(), "applied record", "applied records");
        return new InvariantResult(name, description(), checked, violations, Evidence.ofRows(rows.size()));
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
