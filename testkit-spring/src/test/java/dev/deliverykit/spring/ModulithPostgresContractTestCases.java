package dev.deliverykit.spring;

import dev.deliverykit.junit5.contract.CheckSite;
import dev.deliverykit.junit5.contract.DatabaseFactory;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The fixtures of {@link ModulithContractTestCases} with their databases on PostgreSQL: the same adapters, each check
 * run in a schema of its own on the server whose JDBC URL the test JVM put into the system property
 * {@value #SERVER_URL} (a child JVM rerunning a case inherits it, so it reaches the schema the test JVM prepared).
 */
final class ModulithPostgresContractTestCases {

    /** The system property with the server's JDBC URL, {@code jdbc:postgresql://127.0.0.1:<port>/postgres?user=...}. */
    static final String SERVER_URL = "deliverykit.test.postgres.url";

    private ModulithPostgresContractTestCases() {}

    /** A new schema per database and run; Spring's data source selects it with {@code currentSchema}. */
    static DatabaseFactory postgresSchemas() {
        return new DatabaseFactory() {
            @Override
            public String jdbcUrl(String name, CheckSite site) {
                return serverUrl() + "&currentSchema=" + schema(name, site);
            }

            @Override
            public void createEmpty(String name, CheckSite site) throws SQLException {
                try (Connection connection = DriverManager.getConnection(serverUrl());
                        Statement statement = connection.createStatement()) {
                    statement.execute("DROP SCHEMA IF EXISTS " + schema(name, site) + " CASCADE");
                    statement.execute("CREATE SCHEMA " + schema(name, site));
                }
            }
        };
    }

    private static String schema(String name, CheckSite site) {
        return site.runId() + "_" + name;
    }

    private static String serverUrl() {
        String url = System.getProperty(SERVER_URL);
        if (url == null) {
            throw new IllegalStateException("no PostgreSQL server: the system property " + SERVER_URL + " is not set;"
                    + " run these fixtures from ModulithPostgresContractTests, which starts the server and sets it");
        }
        return url;
    }

    @CrashTestKitOnly
    static class RetrySafeShopOutboxOnPostgresTestCases extends ModulithContractTestCases.RetrySafeShopOutboxTestCases {
        @Override
        public DatabaseFactory databases() {
            return postgresSchemas();
        }
    }

    @CrashTestKitOnly
    static class PlainOrderServiceOutboxOnPostgresTestCases
            extends ModulithContractTestCases.PlainOrderServiceOutboxTestCases {
        @Override
        public DatabaseFactory databases() {
            return postgresSchemas();
        }
    }

    @CrashTestKitOnly
    static class IdempotentListenerReceiverOnPostgresTestCases
            extends ModulithContractTestCases.IdempotentListenerReceiverTestCases {
        @Override
        public DatabaseFactory databases() {
            return postgresSchemas();
        }
    }

    @CrashTestKitOnly
    static class NaiveListenerReceiverOnPostgresTestCases
            extends ModulithContractTestCases.NaiveListenerReceiverTestCases {
        @Override
        public DatabaseFactory databases() {
            return postgresSchemas();
        }
    }
}
