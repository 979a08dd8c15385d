package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A conflict (same id, other body; same key, other parameters) must be reported, never counted as success:
 * every record the sender counts as accepted must be stored by the receiver under its key with the very
 * same body (or digest). Both queries return the key column(s) first and the body or digest last.
 */
final class AcceptedBodyInvariant implements Invariant {

    private static final String SHAPE = "at least 2 columns: the key column(s), then the body or digest last";

    private final String name;
    private final QuerySpec accepted;
    private final QuerySpec stored;

    AcceptedBodyInvariant(String name, QuerySpec accepted, QuerySpec stored) {
        this.name = name;
        this.accepted = accepted;
        this.stored = stored;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "every accepted record of " + accepted.describe() + " is stored with the same body in "
                + stored.describe() + ": a conflict is never counted as success";
    }

    @Override
    public InvariantResult check() {
        ResultRows acceptedRows;
        ResultRows storedRows;
        try (ReadSession session = new ReadSession(name)) {
            acceptedRows = session.read(accepted).requireColumns(2, Integer.MAX_VALUE, SHAPE);
            storedRows = session.read(stored).requireColumns(2, Integer.MAX_VALUE, SHAPE);
        }
        if (acceptedRows.labels().size() != storedRows.labels().size()) {
            throw InvariantDefinitionException.keyWidthsDiffer(
                    name, "accepted records", acceptedRows.labels(), "stored records", storedRows.labels());
        }
        Map<Key, Set<String>> storedBodies = bodiesPerKey(storedRows);
        List<Violation> violations = new ArrayList<>();
        bodiesPerKey(acceptedRows).forEach((key, acceptedBodies) -> {
            Set<String> bodies = storedBodies.get(key);
            if (bodies == null) {
                violations.add(new Violation(
                        ViolationKind.ACCEPTED_NOT_STORED,
                        key.text(),
                        "accepted, nothing stored",
                        "a stored record with the accepted body"));
                return;
            }
            List<String> differences = new ArrayList<>();
            for (String acceptedBody : acceptedBodies) {
                for (String storedBody : bodies) {
                    if (!Objects.equals(acceptedBody, storedBody)) {
                        differences.add("accepted body " + ReportFormat.value(acceptedBody) + " but stored body "
                                + ReportFormat.value(storedBody));
                    }
                }
            }
            if (!differences.isEmpty()) {
                violations.add(new Violation(
                        ViolationKind.CONFLICT_ACCEPTED,
                        key.text(),
                        String.join("; ", differences),
                        "accepted only with the same body"));
            }
        });
        String checked = ReportFormat.count(acceptedRows.size(), "accepted record", "accepted records") + ", "
                + ReportFormat.count(storedRows.size(), "stored record", "stored records");
        return new InvariantResult(
                name, description(), checked, violations, Evidence.ofRows(acceptedRows.size() + storedRows.size()));
    }

    /** Key: every column but the last; body: the last column. */
    private static Map<Key, Set<String>> bodiesPerKey(ResultRows rows) {
        Map<Key, Set<String>> bodies = new LinkedHashMap<>();
        int bodyIndex = rows.labels().size() - 1;
        for (List<String> row : rows.rows()) {
            Key key = new Key(Collections.unmodifiableList(row.subList(0, bodyIndex)));
            bodies.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(row.get(bodyIndex));
        }
        return bodies;
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
