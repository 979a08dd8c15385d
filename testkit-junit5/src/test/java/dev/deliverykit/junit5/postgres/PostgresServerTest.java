package dev.deliverykit.junit5.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.realstack.RealStack;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shared server: reachable on 127.0.0.1 only, data under target/embedded-pg, a fresh schema per call. */
@RealStack
class PostgresServerTest {

    @BeforeAll
    static void start() {
        PostgresServer.acquire();
    }

    @AfterAll
    static void stop() {
        PostgresServer.release();
    }

    @Test
    void listensOnLoopbackOnlyWithItsDataUnderTheBuildDirectory() throws Exception {
        try (Connection c = PostgresServer.connect(PostgresServer.createSchema("smoke"));
                Statement s = c.createStatement()) {
            assertThat(setting(s, "listen_addresses")).isEqualTo("127.0.0.1");
            assertThat(setting(s, "fsync")).isEqualTo("off");
            assertThat(Path.of(setting(s, "data_directory")).getParent())
                    .isEqualTo(Path.of(PostgresServer.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI())
                            .getParent()
                            .resolve("embedded-pg"));
        }
    }

    private static String setting(Statement statement, String name) throws Exception {
        try (ResultSet row = statement.executeQuery("SELECT current_setting('" + name + "')")) {
            row.next();
            return row.getString(1);
        }
    }

    @Test
    void twoSchemasDoNotSeeEachOthersTables() throws Exception {
        String first = PostgresServer.createSchema("smoke");
        String second = PostgresServer.createSchema("smoke");
        try (Connection a = PostgresServer.connect(first);
                Statement s = a.createStatement()) {
            s.execute("CREATE TABLE t(x INTEGER)");
            s.execute("INSERT INTO t VALUES (1)");
        }
        try (Connection b = PostgresServer.connect(second);
                Statement s = b.createStatement();
                ResultSet rows = s.executeQuery(
                        "SELECT count(*) FROM pg_tables WHERE tablename = 't' AND schemaname = current_schema()")) {
            rows.next();
            assertThat(rows.getInt(1)).isZero();
        }
    }
}
