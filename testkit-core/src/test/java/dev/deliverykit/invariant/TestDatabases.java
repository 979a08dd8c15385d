package dev.deliverykit.invariant;

import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;

/** SQLite files for invariant tests, and sources named after them so that messages are stable. */
final class TestDatabases {

    private TestDatabases() {}

    /** A new file {@code dir/fileName} on which {@code statements} have run. */
    static Path create(Path dir, String fileName, String... statements) {
        Path database = dir.resolve(fileName);
        Db.execute(database, statements);
        return database;
    }

    /** A source reading {@code database} through its JDBC URL, named {@code name}. */
    static JdbcSource source(Path database, String name) {
        return JdbcSource.url("jdbc:sqlite:" + database).named(name);
    }
}
