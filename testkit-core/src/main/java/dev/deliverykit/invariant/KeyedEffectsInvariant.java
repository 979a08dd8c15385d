package dev.deliverykit.invariant;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Counts effects per key ({@code N(k)}) and judges them against the intents: {@code N(k) >= 1} for every
 * intent key (no lost intent), {@code N(k) <= 1} for every key (no duplicate), or both (exactly once).
 * Keys are compared as text, column by column, so an intent on one database and its effect on another match
 * whatever the column types.
 */
final class KeyedEffectsInvariant implements Invariant {

    /** Which half of "exactly once" is promised. */
    enum Promise {
        EXACTLY_ONCE("exactly 1", "exactly 1"),
        AT_LEAST_ONCE("at least 1", null),
        AT_MOST_ONCE(null, "at most 1");

        private final String expectedForLost;
        private final String expectedForDuplicate;

        Promise(String expectedForLost, String expectedForDuplicate) {
            this.expectedForLost = expectedForLost;
            this.expectedForDuplicate = expectedForDuplicate;
        }
    }

    private final String name;
    private final Promise promise;
    private final Optional<QuerySpec> intents;
    private final QuerySpec effects;

    KeyedEffectsInvariant(String name, Promise promise, Optional<QuerySpec> intents, QuerySpec effects) {
        this.name = name;
        this.promise = promise;
        this.intents = intents;
        this.effects = effects;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return switch (promise) {
            case EXACTLY_ONCE ->
                "every intent key of " + intents.orElseThrow().describe() + " has exactly 1 effect in "
                        + effects.describe() + " (and no key has 2 or more)";
            case AT_LEAST_ONCE ->
                "every intent key of " + intents.orElseThrow().describe() + " has at least 1 effect in "
                        + effects.describe();
            case AT_MOST_ONCE -> "no key of " + effects.describe() + " has more than 1 effect";
        };
    }

    @Override
    public InvariantResult check() {
        Optional<ResultRows> intentRows;
        ResultRows effectRows;
        try (ReadSession session = new ReadSession(name)) {
            intentRows = intents.map(session::read);
            effectRows = session.read(effects);
        }
        intentRows.ifPresent(rows -> requireSameKeyColumns(rows, effectRows));
        Map<Key, Long> effectsPerKey = new LinkedHashMap<>();
        Key.all(effectRows).forEach(key -> effectsPerKey.merge(key, 1L, Long::sum));

        List<Violation> violations = new ArrayList<>();
        List<Key> intentKeys = intentRows
                .map(rows -> Key.all(rows).stream().distinct().toList())
                .orElse(List.of());
        if (promise.expectedForLost != null) {
            intentKeys.stream()
                    .filter(key -> !effectsPerKey.containsKey(key))
                    .forEach(key -> violations.add(new Violation(
                            ViolationKind.LOST_INTENT, key.text(), "0 effects", promise.expectedForLost)));
        }
        if (promise.expectedForDuplicate != null) {
            effectsPerKey.forEach((key, count) -> {
                if (count > 1) {
                    violations.add(new Violation(
                            ViolationKind.DUPLICATE_EFFECT,
                            key.text(),
                            ReportFormat.count(count, "effect", "effects"),
                            promise.expectedForDuplicate));
                }
            });
        }
        String effectRowCount = ReportFormat.count(effectRows.size(), "effect row", "effect rows");
        String checked = intentRows.isPresent()
                ? ReportFormat.count(intentKeys.size(), "intent key", "intent keys") + ", " + effectRowCount
                        + (violations.isEmpty() ? "" : stray(intentKeys, effectsPerKey))
                : effectRowCount + ", " + ReportFormat.count(effectsPerKey.size(), "key", "keys");
        long read = effectRows.size() + intentRows.map(ResultRows::size).orElse(0);
        return new InvariantResult(name, description(), checked, violations, Evidence.ofRows(read));
    }

    /**
     * {@code "; 3 effect keys match no intent: o-1:placed, o-2:placed, o-3:placed"}, or empty: the effects whose key
     * is no intent's, which a violated result shows because they are often the diagnosis (effects keyed by
     * another column or format than the intents, so every intent looks lost).
     */
    private static String stray(List<Key> intentKeys, Map<Key, Long> effectsPerKey) {
        Set<Key> intents = new HashSet<>(intentKeys);
        List<String> stray = effectsPerKey.keySet().stream()
                .filter(key -> !intents.contains(key))
                .map(Key::text)
                .sorted(NaturalOrder.INSTANCE)
                .toList();
        if (stray.isEmpty()) {
            return "";
        }
        return "; " + ReportFormat.count(stray.size(), "effect key matches", "effect keys match") + " no intent: "
                + ReportFormat.list(stray);
    }

    private void requireSameKeyColumns(ResultRows intentRows, ResultRows effectRows) {
        if (intentRows.labels().size() != effectRows.labels().size()) {
            throw InvariantDefinitionException.keyWidthsDiffer(
                    name, "intents", intentRows.labels(), "effects", effectRows.labels());
        }
    }

    @Override
    public String toString() {
        return name + ": " + description();
    }
}
