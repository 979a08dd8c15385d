package dev.deliverykit.junit5.postgres.contract;

import dev.deliverykit.junit5.contract.CheckSite;
import dev.deliverykit.junit5.contract.DatabaseFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The contracts' databases on the build's PostgreSQL server: one schema per database and check run, named after the
 * run ({@code dk_receiver_duplicate_same_9f2c41d7a0_warehouse}), on the server whose JDBC URL the test JVM put into
 * the system property {@value #SERVER_URL}. A child JVM rerunning a case inherits the property, so it reaches the test
 * JVM's server and finds the schema the test JVM prepared.
 */
public final class PostgresSchemas implements DatabaseFactory {

    /** The system property with the server's JDBC URL, {@code jdbc:postgresql://127.0.0.1:<port>/cases?user=...}. */
    public static final String SERVER_URL = "deliverykit.test.postgres.url";

    @Override
    public String jdbcUrl(String name, CheckSite site) {
        return serverUrl(site) + "&currentSchema=" + schema(name, site);
    }

    @Override
    public void createEmpty(String name, CheckSite site) throws SQLException {
        try (Connection connection = DriverManager.getConnection(serverUrl(site));
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema(name, site) + " CASCADE");
            statement.execute("CREATE SCHEMA " + schema(name, site));
        }
    }

    private static String schema(String name, CheckSite site) {
        return site.runId() + "_" + name.toLowerCase(Locale.ROOT).replace('-', '_');
    }

    private static String serverUrl(CheckSite site) {
        String url = System.getProperty(SERVER_URL);
        if (url == null) {
            throw new IllegalStateException("No PostgreSQL server for the check " + site.checkId() + " of "
                    + site.testClass() + ": the system property " + SERVER_URL + " is not set. Fix: run the contract"
                    + " test from a test class that holds the server and sets it (PostgresContractTests).");
        }
        return url;
    }
}
