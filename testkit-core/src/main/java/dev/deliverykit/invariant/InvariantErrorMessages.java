package dev.deliverykit.invariant;

import java.util.List;

/**
 * The messages of an invariant that is wrong itself or cannot read its data, as opposed to the violations it finds:
 * each names the invariant and, for a query, the database and the SQL, and says what was expected.
 */
final class InvariantErrorMessages {

    private InvariantErrorMessages() {}

    /** The {@code what} of {@code invariant}, {@code identifier}, is no plain SQL identifier. */
    static String notAnIdentifier(
            String invariant, String what, String identifier, boolean qualifiedAllowed, String queryAlternative) {
        return "invariant '" + invariant + "': the " + what + " '" + identifier
                + "' is not a plain SQL identifier; expected letters, digits and '_', not starting with a digit,"
                + " at most " + SqlIdentifiers.MAX_LENGTH + " characters"
                + (qualifiedAllowed ? " (optionally qualified as schema.table)" : "")
                + ". For quoted names or expressions write the SQL yourself and use " + queryAlternative + ".";
    }

    /** The {@code role} query of {@code invariant} is blank. */
    static String blankQuery(String invariant, String role) {
        return "invariant '" + invariant + "': the " + role + " query is blank; expected a SELECT statement without"
                + " parameters.";
    }

    /** An invariant with a blank name. */
    static String blankName() {
        return "the invariant name must not be blank: reports and test output name the invariant by it, e.g."
                + " \"exactly once per key\".";
    }

    /** {@code invariant} with a blank explanation. */
    static String blankExplanation(String invariant) {
        return "invariant '" + invariant + "': the explanation must not be blank; it says what the rows break and"
                + " becomes the expected part of each violation, e.g. \"stock never goes below 0\".";
    }

    /** The {@code role} query of {@code invariant}, {@code sql}, failed on {@code database} as {@code failure} says. */
    static String queryFailed(String invariant, String role, String database, String sql, String failure) {
        return "invariant '" + invariant + "' could not run its " + role + " query on " + database + ": " + failure
                + "\n  SQL: " + sql
                + "\n  Check that the tables and columns exist in that database (an invariant never creates them) and"
                + " that the SQL runs there by hand.";
    }

    /** The {@code role} rows that a record source of {@code invariant} read from {@code source} have other columns. */
    static String wrongRecordColumns(
            String invariant, String role, String source, List<String> labels, String expected) {
        return "invariant '" + invariant + "': the " + role + " read from " + source + " have " + columns(labels)
                + "; expected " + expected + ".";
    }

    /** The {@code role} query of {@code invariant}, {@code sql}, returned other columns. */
    static String wrongQueryColumns(
            String invariant, String role, String database, String sql, List<String> labels, String expected) {
        return "invariant '" + invariant + "': the " + role + " query on " + database + " returned " + columns(labels)
                + "; expected " + expected + ".\n  SQL: " + sql;
    }

    /** The two reads of {@code invariant} return keys of different columns. */
    static String keyWidthsDiffer(
            String invariant, String leftRole, List<String> left, String rightRole, List<String> right) {
        return "invariant '" + invariant + "': the " + leftRole + " return keys of " + columns(left) + " but the "
                + rightRole + " return keys of " + columns(right)
                + "; both must return the same key columns, in the same order.";
    }

    /** The {@code role} of {@code invariant}, read from {@code source}, is wrong as {@code detail} says. */
    static String wrongRead(String invariant, String role, String source, String detail) {
        return "invariant '" + invariant + "': its " + role + " from " + source + ": " + detail;
    }

    /** {@code invariant} could not open {@code database}, as {@code failure} says. */
    static String cannotOpen(String invariant, String database, String failure) {
        return "invariant '" + invariant + "' could not open " + database + ": " + failure
                + "\n  Check its JdbcSource: each open() must return a new connection to the existing database.";
    }

    /** The JDBC source of {@code invariant} opened no connection to {@code database}. */
    static String openedNull(String invariant, String database) {
        return "invariant '" + invariant + "' could not open " + database
                + ": its JdbcSource returned null instead of a connection.";
    }

    /** {@code invariant} could not read its {@code role} from {@code source}, as {@code detail} says. */
    static String cannotRead(String invariant, String role, String source, String detail) {
        return "invariant '" + invariant + "' could not read its " + role + " from " + source + ": " + detail;
    }

    /** {@code invariant} could not end its read of {@code database}, as {@code failure} says. */
    static String cannotEndRead(String invariant, String database, String failure) {
        return "invariant '" + invariant + "' could not roll back and close its read-only connection to " + database
                + ": " + failure;
    }

    /** A JDBC source with a blank name. */
    static String blankSourceName() {
        return "the name of a JDBC source must not be blank: reports use it to say which database a finding comes"
                + " from, e.g. \"warehouse.db\"";
    }

    /** A record source of no columns. */
    static String noColumns() {
        return "a record source reads at least one column";
    }

    /** Row {@code index}, {@code row}, has other values than the {@code columns} of its source. */
    static String rowWidth(int index, List<String> row, List<String> columns) {
        return "row " + index + " has " + row.size() + " values " + row + " but the source reads " + columns.size()
                + " columns " + columns;
    }

    /** A JDBC URL supplier that returned null. */
    static String nullUrl() {
        return "the JDBC URL supplier returned null; it must return a URL such as jdbc:sqlite:/path/to/file.db";
    }

    /** A violation's key of no parts. */
    static String keyWithoutParts() {
        return "a key has at least one part";
    }

    private static String columns(List<String> labels) {
        return labels.size() + (labels.size() == 1 ? " column" : " columns") + " (" + String.join(", ", labels) + ")";
    }
}
