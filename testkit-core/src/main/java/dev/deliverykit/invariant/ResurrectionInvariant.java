package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * After dedup records are cleaned up, a late request must be answered {@code closed} or
 * {@code result_expired}, never executed again: no key may have more than one effect row. The violation
 * lists the effect rows themselves, so the original and the resurrected one can be told apart. Leaving the
 * epoch out of the key also catches the same operation executed again under a new epoch.
 */
final class ResurrectionInvariant implements Invariant {

    private final String name;
    private final QuerySpec effects;
    private final List<String> keyColumns;

    ResurrectionInvariant(String name, QuerySpec effects, List<String> keyColumns) {
        this.name = name;
        this.effects = effects;
        this.keyColumns = List.copyOf(keyColumns);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "no key (" + String.join(", ", keyColumns) + ") of " + effects.describe()
                + " has more than 1 effect, even after its dedup record was cleaned up";
    }

    @Override
    public InvariantResult check() {
        ResultRows rows;
        try (ReadSession session = new ReadSession(name)) {
            rows = session.read(effects);
        }
        String expectedColumns = "the key columns " + String.join(", ", keyColumns) + " among its columns";
        List<Integer> keyIndexes = keyColumns.stream()
                .map(column -> rows.columnIndex(column, expectedColumns))
                .toList();
        Map<Key, List<String>> effectsPerKey = new LinkedHashMap<>();
        for (List<String> row : rows.rows()) {
            List<String> parts = new ArrayList<>();
            keyIndexes.forEach(index -> parts.add(row.get(index)));
            effectsPerKey
                    .computeIfAbsent(new Key(Collections.unmodifiableList(parts)), key -> new ArrayList<>())
                    .add(ReportFormat.row(rows.labels(), row));
        }
        List<Violation> violations = new ArrayList<>();
        effectsPerKey.forEach((key, effectRows) -> {
            if (effectRows.size() > 1) {
                List<String> sorted =
                        effectRows.stream().sorted(NaturalOrder.INSTANCE).toList();
                violations.add(new Violation(
                        ViolationKind.RESURRECTED_EFFECT,
                        key.text(),
                        ReportFormat.count(sorted.size(), "effect", "effects") + ": " + ReportFormat.list(sorted),
                        "at most 1 effect, also after cleanup"));
            }
        });
        String checked = ReportFormat.count(rows.size(), "effect row", "effect rows") + ", "
                + ReportFormat.count(effectsPerKey.size(), "key", "keys");
        return new InvariantResult(name, description(), checked, violations, Evidence.ofRows(rows.size()));
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
