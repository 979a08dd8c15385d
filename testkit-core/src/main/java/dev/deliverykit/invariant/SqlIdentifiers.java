package dev.deliverykit.invariant;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The only table and column names an invariant builds SQL from: plain identifiers, checked when the
 * invariant is defined. Anything else (quoted names, expressions) goes into a query the user writes.
 */
final class SqlIdentifiers {

    static final int MAX_LENGTH = 128;

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private SqlIdentifiers() {}

    /** A table name, optionally {@code schema.table}. */
    static String requireTable(String invariant, String what, String table, String queryAlternative) {
        Objects.requireNonNull(table, what);
        List<String> parts = List.of(table.split("\\.", -1));
        boolean valid = parts.size() <= 2 && parts.stream().allMatch(SqlIdentifiers::isPlain);
        if (!valid) {
            throw InvariantDefinitionException.notAnIdentifier(invariant, what, table, true, queryAlternative);
        }
        return table;
    }

    /** A column name. */
    static String requireColumn(String invariant, String what, String column, String queryAlternative) {
        Objects.requireNonNull(column, what);
        if (!isPlain(column)) {
            throw InvariantDefinitionException.notAnIdentifier(invariant, what, column, false, queryAlternative);
        }
        return column;
    }

    private static boolean isPlain(String identifier) {
        return identifier.length() <= MAX_LENGTH && PLAIN.matcher(identifier).matches();
    }
}
