package dev.deliverykit.junit5.internal.rerun;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;

/** Child JVMs for {@link RerunClassDataSharingTests}: a sweep over two commits, four children (the recording, three crashes). */
final class RerunClassDataSharingTestCases {

    private RerunClassDataSharingTestCases() {}

    @CrashTestKitOnly
    static class TwoCommits {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, mode = CrashMode.CHILD_PROCESS)
        void writesTwice(CrashScenario scenario) throws Exception {
            String url = "jdbc:sqlite:" + dir.resolve("entries.db");
            execute(url, "CREATE TABLE IF NOT EXISTS entries (name TEXT)");
            scenario.run(() -> {
                insert(url, "a");
                insert(url, "b");
            });
        }

        private static void insert(String url, String name) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                connection.setAutoCommit(false);
                statement.execute("INSERT INTO entries VALUES ('" + name + "')");
                connection.commit();
            }
        }

        private static void execute(String url, String sql) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }
    }
}
