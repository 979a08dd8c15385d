package dev.deliverykit.invariant;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Quotes validated identifiers the way the connected database expects, after folding them the way that
 * database folds unquoted names. Quoting protects names that are reserved words ({@code order},
 * {@code key}); folding keeps {@code effect} meaning {@code EFFECT} on H2 or Oracle, as it would unquoted.
 *
 * @param quote the driver's quote string; blank when the database does not support quoting
 * @param fold  how the database stores unquoted identifiers
 */
record IdentifierQuoting(String quote, Fold fold) {

    /** How a database stores an unquoted identifier. */
    enum Fold {
        UPPER,
        LOWER,
        AS_WRITTEN
    }

    static IdentifierQuoting of(DatabaseMetaData metaData) throws SQLException {
        Fold fold = metaData.storesUpperCaseIdentifiers()
                ? Fold.UPPER
                : metaData.storesLowerCaseIdentifiers() ? Fold.LOWER : Fold.AS_WRITTEN;
        String quote = metaData.getIdentifierQuoteString();
        return new IdentifierQuoting(quote == null ? " " : quote, fold);
    }

    /** {@code effect} as {@code "effect"}, {@code main.effect} as {@code "main"."effect"}. */
    String quoted(String validatedIdentifier) {
        return Arrays.stream(validatedIdentifier.split("\\."))
                .map(this::quotedPart)
                .collect(Collectors.joining("."));
    }

    private String quotedPart(String part) {
        String folded = switch (fold) {
            case UPPER -> part.toUpperCase(Locale.ROOT);
            case LOWER -> part.toLowerCase(Locale.ROOT);
            case AS_WRITTEN -> part;
        };
        // JDBC says a single space means "quoting is not supported"; validated names need none to be safe.
        return quote.isBlank() ? folded : quote + folded + quote;
    }
}
