package dev.deliverykit.proxies;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A service whose transactions a proxy commits, as Spring's {@code @Transactional} proxies do: {@link #place} writes
 * on the open transaction and returns; {@link Shop$$SpringCGLIB$$0} commits after it returned.
 */
public class Shop {

    private final Connection connection;

    Shop(Connection connection) {
        this.connection = connection;
    }

    /** A shop on a SQLite file behind its proxy, as a Spring context hands it out; its table created. */
    public static Shop proxied(Path file) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("CREATE TABLE IF NOT EXISTS orders(id TEXT PRIMARY KEY)");
        }
        connection.setAutoCommit(false);
        return new Shop$$SpringCGLIB$$0(connection);
    }

    /** Writes the order in the transaction the proxy opened. */
    public void place(String id) {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO orders(id) VALUES (?)")) {
            insert.setString(1, id);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    final Connection connection() {
        return connection;
    }
}

/**
 * What Spring generates for a {@code @Transactional} class, by the name Spring 6 and 7 give it: the proxy's method
 * calls the user's, then commits, while the proxy's frame is still on the stack.
 */
@SuppressWarnings("checkstyle:TypeName")
final class Shop$$SpringCGLIB$$0 extends Shop {

    Shop$$SpringCGLIB$$0(Connection connection) {
        super(connection);
    }

    @Override
    public void place(String id) {
        super.place(id);
        try {
            connection().commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
