package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.List;

/**
 * A query of your own that finds broken rows; every row it returns is a violation. The row's first column
 * is its subject, so let the query return the key first.
 */
final class NoRowsInvariant implements Invariant {

    private final String name;
    private final QuerySpec query;
    private final String explanation;

    NoRowsInvariant(String name, QuerySpec query, String explanation) {
        this.name = name;
        this.query = query;
        this.explanation = explanation;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return query.describe() + " returns no rows: " + explanation;
    }

    @Override
    public InvariantResult check() {
        ResultRows rows;
        try (ReadSession session = new ReadSession(name)) {
            rows = session.read(query);
        }
        List<Violation> violations = new ArrayList<>();
        for (List<String> row : rows.rows()) {
            violations.add(new Violation(
                    ViolationKind.UNEXPECTED_ROW,
                    Violation.subjectOf(row.get(0)),
                    "row " + ReportFormat.row(rows.labels(), row),
                    "no such row: " + explanation));
        }
        return new InvariantResult(
                name,
                description(),
                ReportFormat.count(rows.size(), "row", "rows") + " returned",
                violations,
                rows.size() == 0 ? Evidence.NOTHING_EXPECTED : Evidence.ROWS_READ);
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
