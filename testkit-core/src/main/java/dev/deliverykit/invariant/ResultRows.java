package dev.deliverykit.invariant;

import java.util.List;

/**
 * Everything one query returned, values as text ({@code null} for SQL {@code NULL}), with what is needed
 * to say which query it was when its shape is wrong. {@code sql} is {@code null} for the rows of a
 * {@link RecordSource}, whose {@code database} is the source's name.
 */
record ResultRows(
        String invariant, String role, String database, String sql, List<String> labels, List<List<String>> rows) {

    /** Fails unless the query returned between {@code min} and {@code max} columns. */
    ResultRows requireColumns(int min, int max, String expected) {
        if (labels.size() < min || labels.size() > max) {
            throw InvariantDefinitionException.wrongColumns(invariant, role, database, sql, labels, expected);
        }
        return this;
    }

    /** The position of column {@code label}, ignoring case. */
    int columnIndex(String label, String expected) {
        for (int i = 0; i < labels.size(); i++) {
            if (labels.get(i).equalsIgnoreCase(label)) {
                return i;
            }
        }
        throw InvariantDefinitionException.wrongColumns(invariant, role, database, sql, labels, expected);
    }

    int size() {
        return rows.size();
    }
}
