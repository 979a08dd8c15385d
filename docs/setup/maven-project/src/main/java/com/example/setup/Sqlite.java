package com.example.setup;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Plain JDBC on a SQLite file: how the services below open their databases. */
final class Sqlite {

    private Sqlite() {}

    static Connection open(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    /** Creates the tables a service needs if they are not there yet (a service's start-up migration). */
    static void createTables(Path file, String... ddl) throws SQLException {
        try (Connection connection = open(file);
                Statement statement = connection.createStatement()) {
            for (String sql : ddl) {
                statement.execute(sql);
            }
        }
    }
}
