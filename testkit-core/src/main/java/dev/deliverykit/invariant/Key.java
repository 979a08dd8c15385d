package dev.deliverykit.invariant;

import java.util.List;

/**
 * A key read from a query: the text of one or more columns, compared part by part, so a composite key
 * never collides with a one-column key that happens to print the same.
 */
record Key(List<String> parts) {

    /** The key as {@link Violation#subject()} writes it. */
    String text() {
        return Violation.subjectOf(parts.toArray());
    }

    /** Every row of {@code result} as a key made of all its columns, in result order. */
    static List<Key> all(ResultRows result) {
        return result.rows().stream().map(Key::new).toList();
    }
}
