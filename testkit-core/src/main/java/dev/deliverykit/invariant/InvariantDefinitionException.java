package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.SQLException;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The invariant itself is wrong, not the data it judges: a table or column name that is not a plain SQL
 * identifier (rejected when the invariant is built), a query that fails when it runs (a misspelt table),
 * or a query that returns other columns than the invariant needs. The message names the invariant, and for
 * a query also the database and the SQL that ran.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InvariantDefinitionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** For custom {@link Invariant}s: what is wrong with the definition and how to fix it. */
    public InvariantDefinitionException(String message) {
        super(message);
    }

    /** For custom {@link Invariant}s: what is wrong, with the failure that revealed it. */
    public InvariantDefinitionException(String message, Throwable cause) {
        super(message, cause);
    }

    static InvariantDefinitionException notAnIdentifier(
            String invariant, String what, String identifier, boolean qualifiedAllowed, String queryAlternative) {
        return new InvariantDefinitionException("invariant '" + invariant + "': the " + what + " '" + identifier
                + "' is not a plain SQL identifier; expected letters, digits and '_', not starting with a digit,"
                + " at most " + SqlIdentifiers.MAX_LENGTH + " characters"
                + (qualifiedAllowed ? " (optionally qualified as schema.table)" : "")
                + ". For quoted names or expressions write the SQL yourself and use " + queryAlternative + ".");
    }

    static InvariantDefinitionException blankQuery(String invariant, String role) {
        return new InvariantDefinitionException("invariant '" + invariant + "': the " + role + " query is blank;"
                + " expected a SELECT statement without parameters.");
    }

    static InvariantDefinitionException blankName() {
        return new InvariantDefinitionException("the invariant name must not be blank: reports and test output"
                + " name the invariant by it, e.g. \"exactly once per key\".");
    }

    static InvariantDefinitionException blankExplanation(String invariant) {
        return new InvariantDefinitionException("invariant '" + invariant + "': the explanation must not be blank;"
                + " it says what the rows break and becomes the expected part of each violation, e.g."
                + " \"stock never goes below 0\".");
    }

    static InvariantDefinitionException queryFailed(
            String invariant, String role, String database, String sql, SQLException cause) {
        return new InvariantDefinitionException(
                "invariant '" + invariant + "' could not run its " + role
                        + " query on " + database + ": " + cause.getMessage() + "\n  SQL: " + sql
                        + "\n  Check that the tables and columns exist in that database (an invariant never creates"
                        + " them) and that the SQL runs there by hand.",
                cause);
    }

    static InvariantDefinitionException wrongColumns(
            String invariant, String role, String database, String sql, List<String> labels, String expected) {
        if (sql == null) { // the rows of a record source
            return new InvariantDefinitionException("invariant '" + invariant + "': the " + role + " read from "
                    + database + " have " + columns(labels) + "; expected " + expected + ".");
        }
        return new InvariantDefinitionException("invariant '" + invariant + "': the " + role + " query on " + database
                + " returned " + columns(labels) + "; expected " + expected + ".\n  SQL: " + sql);
    }

    static InvariantDefinitionException keyWidthsDiffer(
            String invariant, String leftRole, List<String> left, String rightRole, List<String> right) {
        return new InvariantDefinitionException("invariant '" + invariant + "': the " + leftRole
                + " return keys of " + columns(left) + " but the " + rightRole + " return keys of "
                + columns(right) + "; both must return the same key columns, in the same order.");
    }

    private static String columns(List<String> labels) {
        return labels.size() + (labels.size() == 1 ? " column" : " columns") + " (" + String.join(", ", labels) + ")";
    }
}
