package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.internal.instrument.MethodTarget;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * What a driver runs while opening a connection is not a boundary of the code under test: sqlite-jdbc's
 * {@code SQLiteDataSource.getConnection()} sends its own pragmas (busy timeout, transaction mode) without
 * going through {@code Driver.connect}; the engine nests {@code DataSource.getConnection} as it nests
 * {@code Driver.connect}. And a class loaded before a method selector names it is retransformed.
 */
class DriverSetupIsNotABoundaryTest {

    @TempDir
    Path dir;

    @Test
    void aDataSourcesOwnPragmasAreNotRecorded() {
        SQLiteConfig config = new SQLiteConfig();
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setBusyTimeout(3000);
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + dir.resolve("pragmas.db"));

        Recording recording = BoundaryEngine.get().record(WatchList.of().withEveryStatement(), () -> {
            try (Connection connection = source.getConnection();
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE t(x)");
            }
        });

        assertThat(recording.hitCounts())
                .containsOnlyKeys("before statement \"CREATE TABLE t(x)\"", "after statement \"CREATE TABLE t(x)\"");
    }

    @Test
    void aClassLoadedBeforeItsSelectorIsRetransformed() {
        LoadedBeforeTheRun loaded = new LoadedBeforeTheRun();
        assertThat(loaded.call()).isEqualTo(1);
        Instrumenter instrumenter = Instrumenter.get();
        assertThat(instrumenter.wasTransformed(LoadedBeforeTheRun.class.getName()))
                .isFalse();

        instrumenter.ensureMethods(List.of(new MethodTarget(LoadedBeforeTheRun.class.getName(), "call", null)));

        assertThat(instrumenter.wasTransformed(LoadedBeforeTheRun.class.getName()))
                .isTrue();
        List<String> seen = new ArrayList<>();
        EngineControls.activate(new MethodCallsOnly(call -> seen.add(call.point() + " " + call.signature())));
        try {
            assertThat(loaded.call()).isEqualTo(2);
        } finally {
            EngineControls.deactivate();
        }
        assertThat(seen)
                .containsExactly(
                        "ENTRY dev.deliverykit.boundary.LoadedBeforeTheRun#call()",
                        "NORMAL_EXIT dev.deliverykit.boundary.LoadedBeforeTheRun#call()");
        assertThat(instrumenter.problems()).isEmpty();
    }
}
