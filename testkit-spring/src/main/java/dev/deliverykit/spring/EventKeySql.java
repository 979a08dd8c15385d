package dev.deliverykit.spring;

import java.util.Locale;
import java.util.Set;

/**
 * The query of {@link ModulithOutboxAdapter#eventKey}: the value of the event's field read from each publication's
 * JSON in {@code event_publication}, the text after the first {@code "field":} up to the next {@code "}, {@code ,} or
 * {@code }} (a string without its opening quote, or a number), or null when the field is absent. The SQL is one
 * text for every database because the kit runs an adapter's query as written; it uses only the standard's
 * {@code POSITION}, {@code SUBSTRING ... FROM ... FOR}, {@code CASE} and derived tables, which H2 and PostgreSQL
 * both run, unlike their regular expression functions.
 */
final class EventKeySql {

    /** The products of {@code DatabaseMetaData.getDatabaseProductName()}, lower case, the query is tested on. */
    private static final Set<String> RUNS_ON = Set.of("h2", "postgresql");

    private EventKeySql() {}

    /** The query of the field {@code field}, a Java name (checked by the adapter). */
    static String of(String field) {
        String marker = "'\"" + field + "\":'";
        int afterMarker = field.length() + 3; // the two quotes and the colon: the value starts after them
        String valueEnds = "LEAST(" + endAt("'\"'") + ", " + endAt("','") + ", " + endAt("'}'") + ")";
        return "SELECT CASE WHEN key_at = 0 THEN NULL ELSE SUBSTRING(key_value FROM 1 FOR " + valueEnds + " - 1) END"
                + " FROM (SELECT key_at, CASE WHEN SUBSTRING(key_rest FROM 1 FOR 1) = '\"'"
                + " THEN SUBSTRING(key_rest FROM 2) ELSE key_rest END AS key_value"
                + " FROM (SELECT key_at, SUBSTRING(serialized_event FROM key_at + " + afterMarker + ") AS key_rest"
                + " FROM (SELECT POSITION(" + marker + " IN serialized_event) AS key_at, serialized_event"
                + " FROM event_publication) AS key_found) AS key_after) AS key_values";
    }

    /**
     * Checks that the query of {@code field} runs on the database product {@code product}.
     *
     * @throws IllegalStateException naming {@code outboxRows(sql)} as the way out when it does not
     */
    static void requireRunsOn(String field, String product) {
        if (product == null || !RUNS_ON.contains(product.toLowerCase(Locale.ROOT))) {
            throw new IllegalStateException(AdapterMessages.eventKeyNotRunOn(field, product));
        }
    }

    /** Where the value ends at {@code character}, or after its last character when it has none. */
    private static String endAt(String character) {
        return "COALESCE(NULLIF(POSITION(" + character + " IN key_value), 0), CHAR_LENGTH(key_value) + 1)";
    }
}
