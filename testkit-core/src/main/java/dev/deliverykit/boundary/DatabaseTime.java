package dev.deliverykit.boundary;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds where a statement's SQL has the database compute the current time, which the kit's clock cannot move:
 * {@code CURRENT_TIMESTAMP} and its kin, {@code now()} and the other functions of PostgreSQL, MySQL and SQL Server,
 * and SQLite's date functions of {@code 'now'} or of no argument ({@code unixepoch()}). The text inside string
 * literals other than {@code 'now'} is not looked at.
 */
final class DatabaseTime {

    private static final Pattern LITERALS = Pattern.compile("'(?:[^']|'')*'");
    private static final Pattern READ = Pattern.compile(
            "\\b(?:CURRENT_TIMESTAMP|CURRENT_DATE|CURRENT_TIME|LOCALTIMESTAMP|LOCALTIME|SYSDATE|SYSTIMESTAMP"
                    + "|UTC_TIMESTAMP)\\b(?:\\s*\\(\\s*\\d*\\s*\\))?"
                    + "|\\b(?:now|clock_timestamp|statement_timestamp|transaction_timestamp|getdate|getutcdate"
                    + "|sysdatetime|unix_timestamp|unixepoch|julianday|datetime|date|time|strftime)"
                    + "\\s*\\((?:\\s*\\)|[^()]*'now'[^()]*\\))",
            Pattern.CASE_INSENSITIVE);

    private DatabaseTime() {}

    /** The first place {@code sql} reads the database's clock, as written, if it does. */
    static Optional<String> read(String sql) {
        if (sql == null) {
            return Optional.empty();
        }
        // blank out literals but 'now', so that a date function of 'now' is seen and no literal's text is
        Matcher literals = LITERALS.matcher(sql);
        StringBuilder blanked = new StringBuilder();
        while (literals.find()) {
            String literal = literals.group();
            literals.appendReplacement(
                    blanked,
                    Matcher.quoteReplacement(
                            literal.equalsIgnoreCase("'now'")
                                    ? literal
                                    : "'" + " ".repeat(literal.length() - 2) + "'"));
        }
        literals.appendTail(blanked);
        Matcher read = READ.matcher(blanked);
        return read.find() ? Optional.of(sql.substring(read.start(), read.end())) : Optional.empty();
    }
}
