package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * Where an invariant reads one of your databases: a supplier of NEW JDBC connections, plus the name that
 * reports and error messages use for it.
 *
 * <p>Each {@link #open()} must return a fresh connection that the caller owns: an invariant opens one per
 * source and check, reads inside a transaction that it always rolls back, and closes it. Never hand out a
 * connection your code under test is still using; its uncommitted work would be rolled back.
 *
 * <p>Being a functional interface, a source is resolved lazily, so it can be declared once, for example in
 * a static field, before the database file exists:
 *
 * <pre>{@code
 * @TempDir static Path dir;
 * static final JdbcSource WAREHOUSE =
 *         JdbcSource.url(() -> "jdbc:sqlite:" + dir.resolve("warehouse.db")).named("warehouse.db");
 * static final JdbcSource ORDERS = JdbcSource.dataSource(ordersDataSource).named("orders");
 * static final JdbcSource LAMBDA = ((JdbcSource) () -> DriverManager.getConnection(url)).named("orders");
 * }</pre>
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface JdbcSource {

    /**
     * Opens a new connection to the database.
     *
     * @throws SQLException if it cannot be opened; the invariant reports it as an
     *     {@link InvariantSourceException} naming {@link #name()}
     */
    Connection open() throws SQLException;

    /**
     * How reports and error messages name this database, for example {@code warehouse.db}. A plain lambda
     * is called {@code "unnamed JDBC source"}: give it a name with {@link #named(String)}.
     */
    default String name() {
        return "unnamed JDBC source";
    }

    /** The same connections under another name, for example {@code source.named("warehouse.db")}. */
    default JdbcSource named(String name) {
        return new NamedJdbcSource(NamedJdbcSource.requireName(name), this);
    }

    /**
     * Connections from {@link DriverManager#getConnection(String)}. Named after the URL, with user
     * information and {@code password}/{@code pwd} parameters masked as {@code ***}.
     */
    static JdbcSource url(String jdbcUrl) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        return url(() -> jdbcUrl);
    }

    /**
     * Connections to the URL that {@code jdbcUrl} returns at each {@link #open()}, for URLs known only later
     * (a {@code @TempDir} path). Named after that URL, masked like {@link #url(String)}; while the supplier
     * cannot answer yet, named {@code "JDBC URL supplied at check time"}.
     */
    static JdbcSource url(Supplier<String> jdbcUrl) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        return new UrlJdbcSource(jdbcUrl);
    }

    /**
     * Connections from {@link DriverManager#getConnection(String, String, String)}: for a database whose user is not
     * in the URL, such as Spring Boot's default H2 user, {@code JdbcSource.url(url, "sa", "")}. Named after the URL,
     * masked like {@link #url(String)}; the password is never shown.
     */
    static JdbcSource url(String jdbcUrl, String user, String password) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        return url(() -> jdbcUrl, user, password);
    }

    /** {@link #url(String, String, String)} for a URL known only at each {@link #open()} (a {@code @TempDir} path). */
    static JdbcSource url(Supplier<String> jdbcUrl, String user, String password) {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        return new UrlJdbcSource(jdbcUrl, new UrlJdbcSource.Credentials(user, password));
    }

    /**
     * Connections from {@code dataSource}, for example the application's own pool; named after its class until
     * {@link #named(String)}. Each check closes the connections it opened, which returns them to a pool.
     */
    static JdbcSource dataSource(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource");
        return new NamedJdbcSource("DataSource " + dataSource.getClass().getName(), dataSource::getConnection);
    }
}
