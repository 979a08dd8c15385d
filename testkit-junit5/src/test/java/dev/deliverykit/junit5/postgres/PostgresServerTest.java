package dev.deliverykit.junit5.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
    void twoDatabasesDoNotSeeEachOthersRows() throws Exception {
        String first = PostgresServer.createDatabase("smoke");
        String second = PostgresServer.createDatabase("smoke");
        try (Connection a = PostgresServer.connect(first); Statement s = a.createStatement()) {
            s.execute("CREATE TABLE t(x INTEGER)");
            s.execute("INSERT INTO t VALUES (1)");
        }
        try (Connection b = PostgresServer.connect(second); Statement s = b.createStatement();
                ResultSet rows = s.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = 't'")) {
            rows.next();
            assertThat(rows.getInt(1)).isZero();
        }
    }
}
