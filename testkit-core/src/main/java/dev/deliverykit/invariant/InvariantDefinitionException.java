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
        return new InvariantDefinitionException(InvariantErrorMessages.notAnIdentifier(
                invariant, what, identifier, qualifiedAllowed, queryAlternative));
    }

    static InvariantDefinitionException blankQuery(String invariant, String role) {
        return new InvariantDefinitionException(InvariantErrorMessages.blankQuery(invariant, role));
    }

    static InvariantDefinitionException blankName() {
        return new InvariantDefinitionException(InvariantErrorMessages.blankName());
    }

    static InvariantDefinitionException blankExplanation(String invariant) {
        return new InvariantDefinitionException(InvariantErrorMessages.blankExplanation(invariant));
    }

    static InvariantDefinitionException queryFailed(
            String invariant, String role, String database, String sql, SQLException cause) {
        return new InvariantDefinitionException(
                InvariantErrorMessages.queryFailed(invariant, role, database, sql, cause.getMessage()), cause);
    }

    static InvariantDefinitionException wrongColumns(
            String invariant, String role, String database, String sql, List<String> labels, String expected) {
        return new InvariantDefinitionException(
                sql == null // the rows of a record source
                        ? InvariantErrorMessages.wrongRecordColumns(invariant, role, database, labels, expected)
                        : InvariantErrorMessages.wrongQueryColumns(invariant, role, database, sql, labels, expected));
    }

    static InvariantDefinitionException keyWidthsDiffer(
            String invariant, String leftRole, List<String> left, String rightRole, List<String> right) {
        return new InvariantDefinitionException(
                InvariantErrorMessages.keyWidthsDiffer(invariant, leftRole, left, rightRole, right));
    }
}
