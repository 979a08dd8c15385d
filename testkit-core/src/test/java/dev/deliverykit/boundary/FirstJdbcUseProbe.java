package dev.deliverykit.boundary;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * A child JVM whose first JDBC use is inside its first engine run: the SQLite driver's classes load during
 * a recording of every transaction end (two deposits, one committed by {@code Connection.commit()}, one
 * by {@code COMMIT} as SQL), on a database in the directory {@code args[0]} (through sqlite-jdbc's data source
 * if {@code args[1]} is {@code data-source}). Prints each boundary's hit count, one {@code name=count} line each, in order.
 */
final class FirstJdbcUseProbe {

    private FirstJdbcUseProbe() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Recording recording = BoundaryEngine.get().record(WatchList.of().withEveryTransactionEnd(), () -> {
            try (Connection connection = args.length > 1 && args[1].equals("data-source")
                    ? dataSource(dir)
                    : LedgerDatabase.SQLITE.open(dir)) {
                Ledger ledger = new Ledger(connection);
                ledger.createSchema();
                ledger.depositWithConnectionApi("o1", 5);
                ledger.depositWithStatements("o2", 7);
            }
        });
        for (Map.Entry<String, Integer> count : recording.hitCounts().entrySet()) {
            System.out.println(count.getKey() + "=" + count.getValue());
        }
    }

    private static Connection dataSource(Path dir) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + dir.resolve("ledger.db"));
        return source.getConnection();
    }
}
