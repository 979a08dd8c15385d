package dev.deliverykit.junit5.postgres;

import dev.deliverykit.invariant.JdbcSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fresh PostgreSQL databases for every test and every crash case, on the {@link PostgresServer} that the test
 * class holds from its first test to its last. Register it on a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final PostgresDatabases pg = PostgresDatabases.named("orchestrator", "warehouse");
 * ...
 * String url = pg.url("orchestrator");   // this case's own database
 * }</pre>
 *
 * <p>Before each test (each invocation of a {@code @CrashAt} or {@code @CrashSweep} test) it creates one new
 * schema per name ({@link PostgresServer#createSchema}); the URL selects it with {@code currentSchema}, so the
 * code under test sees only its own tables and no case sees another's rows. The schemas are never dropped one
 * by one (an invariant may still read them after the test method): they go with the server's data directory
 * when the last holder releases it. {@code PostgresDatabases.named()} with no name only keeps the
 * server running, for a class that runs fixture classes through EngineTestKit.
 */
public final class PostgresDatabases implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback {

    private final List<String> names;
    private final Map<String, String> urls = new LinkedHashMap<>();

    private PostgresDatabases(List<String> names) {
        this.names = names;
    }

    /** Databases called {@code names} for each test (lowercase letters, digits, underscores). */
    public static PostgresDatabases named(String... names) {
        for (String name : names) {
            if (!name.matches("[a-z][a-z0-9_]*")) {
                throw new IllegalArgumentException("name must match [a-z][a-z0-9_]*: " + name);
            }
        }
        return new PostgresDatabases(List.of(names));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        PostgresServer.acquire();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        PostgresServer.release();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        urls.clear();
        for (String name : names) {
            urls.put(name, PostgresServer.createSchema(name));
        }
    }

    /** The JDBC URL of this test's database {@code name}. */
    public String url(String name) {
        String url = urls.get(name);
        if (url == null) {
            throw new IllegalStateException("no database " + name + " for the current test; declared: " + names);
        }
        return url;
    }

    /** A plain JDBC connection to this test's database {@code name}. */
    public Connection connect(String name) throws SQLException {
        return PostgresServer.connect(url(name));
    }

    /** This test's database {@code name} as an invariant's source, resolved at check time, named {@code name}. */
    public JdbcSource source(String name) {
        return ((JdbcSource) () -> connect(name)).named(name);
    }
}
