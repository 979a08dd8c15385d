package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.instrument.JdbcCall.TransactionEnd;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/** SQL text as the engine compares it: whitespace-normalised, and classified as a transaction end or not. */
@API(status = INTERNAL, since = "0.1")
public final class SqlText {

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern COMMIT = Pattern.compile("(COMMIT|END)( TRANSACTION| WORK)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern ROLLBACK = Pattern.compile("ROLLBACK( TRANSACTION| WORK)?",
            Pattern.CASE_INSENSITIVE);

    private SqlText() {
    }

    /**
     * Drops leading comments, trims, and collapses every run of whitespace (line breaks of text blocks
     * included) to one space. Leading comments go first: a {@code -- comment} line would otherwise swallow
     * the statement once line breaks are gone.
     */
    public static String normalise(String sql) {
        if (isNormal(sql)) {
            return sql; // the usual case, checked without the regular expressions and their garbage
        }
        String withoutLeadingComments = sql.substring(afterLeadingComments(sql));
        return WHITESPACE.matcher(withoutLeadingComments.strip()).replaceAll(" ");
    }

    /**
     * Where the statement starts after its leading whitespace and comments. A loop, not a regular
     * expression: a repeated group recurses per comment, and a migration script with thousands of comment
     * lines overflowed the stack of the driver call that prepared it.
     */
    private static int afterLeadingComments(String sql) {
        int at = 0;
        int length = sql.length();
        while (true) {
            while (at < length && Character.isWhitespace(sql.charAt(at))) {
                at++;
            }
            if (sql.startsWith("--", at)) {
                int lineEnd = sql.indexOf('\n', at);
                at = lineEnd < 0 ? length : lineEnd + 1;
            } else if (sql.startsWith("/*", at)) {
                int end = sql.indexOf("*/", at + 2);
                if (end < 0) {
                    return at; // an unclosed comment: the driver will say what is wrong with it
                }
                at = end + 2;
            } else {
                return at;
            }
        }
    }

    /** Whether {@link #normalise} would return the text unchanged: no leading comment, no whitespace to trim or collapse. */
    private static boolean isNormal(String sql) {
        int length = sql.length();
        if (length == 0 || Character.isWhitespace(sql.charAt(0)) || Character.isWhitespace(sql.charAt(length - 1))
                || sql.startsWith("--") || sql.startsWith("/*")) {
            return false;
        }
        char previous = 0;
        for (int i = 0; i < length; i++) {
            char c = sql.charAt(i);
            if (c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r' || (c == ' ' && previous == ' ')) {
                return false;
            }
            previous = c;
        }
        return true;
    }

    /**
     * Whether the statement ends a transaction: {@code COMMIT}, {@code END}, {@code ROLLBACK}, optionally
     * followed by {@code TRANSACTION} or {@code WORK} and a semicolon. {@code ROLLBACK TO SAVEPOINT}
     * does not end a transaction and is not one.
     */
    public static TransactionEnd transactionEnd(String normalisedSql) {
        if (normalisedSql.isEmpty() || "CcEeRr".indexOf(normalisedSql.charAt(0)) < 0) {
            return TransactionEnd.NONE; // INSERT, SELECT, BEGIN ...: no regular expression needed
        }
        if (normalisedSql.equalsIgnoreCase("COMMIT")) {
            return TransactionEnd.COMMIT; // the usual one, without a regular expression
        }
        String bare = normalisedSql;
        while (bare.endsWith(";")) {
            bare = bare.substring(0, bare.length() - 1).strip();
        }
        if (COMMIT.matcher(bare).matches()) {
            return TransactionEnd.COMMIT;
        }
        if (ROLLBACK.matcher(bare).matches()) {
            return TransactionEnd.ROLLBACK;
        }
        return TransactionEnd.NONE;
    }
}
