package dev.deliverykit.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.WatchList;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread that a thread of the process starts belongs to the process from its start, whoever constructed it; it
 * is pending (every look of every thread outside a process checks for it) only until its own first look, or until
 * the run ends if it ended without one. Recorded through the engine's API, on a real SQLite file.
 */
class ProcessAdoptionTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    @BeforeEach
    void createTheTable() throws SQLException {
        try (Connection connection = open();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t(id TEXT)");
        }
    }

    @Test
    void aThreadMadeOutsideThatTheProcessStartsIsPendingUntilItsFirstLook() throws Exception {
        CountDownLatch looked = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread writer = new Thread(() -> insertThenWait("outside-made", looked, finish), "writer");
        AtomicInteger before = new AtomicInteger();
        AtomicInteger afterItsLook = new AtomicInteger();
        AtomicBoolean stillPending = new AtomicBoolean(true);

        Recording recording = ENGINE.record(WatchList.of().withEveryTransactionEnd(), () -> {
            before.set(Processes.pendingAdoptions());
            writer.start();
            looked.await();
            afterItsLook.set(Processes.pendingAdoptions());
            stillPending.set(Processes.isAdoptionPending(writer));
            finish.countDown();
            writer.join();
        });

        assertThat(recording.hits()).extracting(BoundaryHit::threadName).containsOnly("writer"); // the process's
        assertThat(stillPending).isFalse();
        assertThat(afterItsLook).hasValue(before.get());
        assertThat(rows()).containsExactly("outside-made");
    }

    @Test
    void aThreadTheProcessMadeAndStartsIsPendingUntilItsFirstLook() throws Exception {
        CountDownLatch looked = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        AtomicReference<Thread> writer = new AtomicReference<>();
        AtomicBoolean stillPending = new AtomicBoolean(true);

        Recording recording = ENGINE.record(WatchList.of().withEveryTransactionEnd(), () -> {
            writer.set(new Thread(() -> insertThenWait("inside-made", looked, finish), "writer"));
            writer.get().start();
            looked.await();
            stillPending.set(Processes.isAdoptionPending(writer.get()));
            finish.countDown();
            writer.get().join();
        });

        assertThat(recording.hits()).extracting(BoundaryHit::threadName).containsOnly("writer");
        assertThat(stillPending).isFalse();
        assertThat(rows()).containsExactly("inside-made");
    }

    @Test
    void aThreadThatEndsWithoutLookingIsForgottenWhenTheRunEnds() throws Exception {
        Thread idle = new Thread(() -> {}, "idle");
        AtomicBoolean pendingWhileTheRunLasts = new AtomicBoolean();

        ENGINE.record(WatchList.of().withEveryTransactionEnd(), () -> {
            idle.start();
            idle.join();
            pendingWhileTheRunLasts.set(Processes.isAdoptionPending(idle));
        });

        assertThat(pendingWhileTheRunLasts).isTrue();
        assertThat(Processes.isAdoptionPending(idle)).isFalse();
    }

    private void insertThenWait(String id, CountDownLatch looked, CountDownLatch finish) {
        try (Connection connection = open()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("INSERT INTO t(id) VALUES ('" + id + "')");
            }
            connection.commit();
            looked.countDown();
            finish.await();
        } catch (SQLException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("t.db"));
    }

    private List<String> rows() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = open();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM t ORDER BY rowid")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }
}
