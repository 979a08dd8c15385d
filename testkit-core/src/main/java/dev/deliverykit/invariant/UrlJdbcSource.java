package dev.deliverykit.invariant;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/** {@link DriverManager} connections to a URL resolved at every {@link #open()}. */
final class UrlJdbcSource implements JdbcSource {

    private static final Pattern USER_INFO = Pattern.compile("//[^/@?;]*@");
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)\\b(password|pwd)=[^&;]*");

    private final Supplier<String> url;
    private final Credentials credentials;

    UrlJdbcSource(Supplier<String> url) {
        this(url, null);
    }

    /** With {@code credentials}, or with none ({@code null}): the URL's own, or the driver's default. */
    UrlJdbcSource(Supplier<String> url, Credentials credentials) {
        this.url = url;
        this.credentials = credentials;
    }

    /** A user and its password, given to the driver apart from the URL. */
    record Credentials(String user, String password) {

        Credentials {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password (an empty one is \"\")");
        }

        @Override
        public String toString() {
            return "user " + user + ", password ***"; // a password never reaches a report or a message
        }
    }

    @Override
    public Connection open() throws SQLException {
        String resolved = url.get();
        if (resolved == null) {
            throw new SQLException(InvariantErrorMessages.nullUrl());
        }
        return credentials == null
                ? DriverManager.getConnection(resolved)
                : DriverManager.getConnection(resolved, credentials.user(), credentials.password());
    }

    /** The URL with secrets masked; the URL itself when it is fixed, else a placeholder. */
    @Override
    public String name() {
        String resolved;
        try {
            resolved = url.get();
        } catch (RuntimeException notYetKnown) {
            // A @TempDir-based URL read before the directory exists: naming must never fail.
            return "JDBC URL supplied at check time";
        }
        return resolved == null ? "JDBC URL supplied at check time" : masked(resolved);
    }

    static String masked(String jdbcUrl) {
        String withoutUser = USER_INFO.matcher(jdbcUrl).replaceAll("//***@");
        return PASSWORD_PARAMETER.matcher(withoutUser).replaceAll("$1=***");
    }

    @Override
    public String toString() {
        return name();
    }
}
