package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.Fault;
import dev.deliverykit.Workload;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls that leave the JVM, on real files and a real socket: a relay commits an order, sends it outside the
 * databases (a line appended to a file, bytes to a socket), then marks it sent in a second commit.
 */
class OutsideEffectsTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();
    private static final WatchList EVERY_COMMIT = WatchList.of().withEveryTransactionEnd();

    @TempDir
    Path dir;

    private Path database() throws SQLException {
        Path db = dir.resolve("relay.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE outbox(id TEXT PRIMARY KEY, sent INTEGER NOT NULL)");
        }
        return db;
    }

    /** Commits an order, appends it to the file broker, marks it sent. */
    private static Workload fileRelay(Path db, Path broker) {
        return () -> {
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                    Statement statement = connection.createStatement()) {
                connection.setAutoCommit(false);
                statement.execute("INSERT INTO outbox VALUES ('o1', 0)");
                connection.commit();
                try (OutputStream out = new FileOutputStream(broker.toFile(), true)) {
                    out.write("o1\n".getBytes(StandardCharsets.UTF_8));
                }
                statement.execute("UPDATE outbox SET sent = 1 WHERE id = 'o1'");
                connection.commit();
            }
        };
    }

    private static List<String> keys(List<BoundaryHit> hits) {
        return hits.stream().map(BoundaryHit::replayKey).toList();
    }

    @Test
    void aFileWriteBetweenTwoCommitsKeepsTheCrashBeforeTheSecondCommitFromBeingPrunedAway() throws Exception {
        Path db = database();
        Path broker = dir.resolve("broker.log");

        Recording recording = ENGINE.record(EVERY_COMMIT, fileRelay(db, broker));
        EquivalentCrashPoints points = EquivalentCrashPoints.of(recording, hit -> true);

        // Without the send, a crash after the first commit and one before the second leave the same world behind.
        Recording withoutTheSend = ENGINE.record(EVERY_COMMIT, () -> {
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                    Statement statement = connection.createStatement()) {
                connection.setAutoCommit(false);
                statement.execute("INSERT INTO outbox VALUES ('o2', 0)");
                connection.commit();
                statement.execute("UPDATE outbox SET sent = 1 WHERE id = 'o2'");
                connection.commit();
            }
        });
        assertThat(EquivalentCrashPoints.of(withoutTheSend, hit -> true).classes())
                .extracting(OutsideEffectsTest::keys)
                .containsExactly(
                        List.of("selector=before-commit;hit=1"),
                        List.of("selector=after-commit;hit=1", "selector=before-commit;hit=2"),
                        List.of("selector=after-commit;hit=2"));
        // With it, they do not: after commit #1 nothing was sent, before commit #2 it was sent and not marked.
        assertThat(points.classes())
                .extracting(OutsideEffectsTest::keys)
                .containsExactly(
                        List.of("selector=before-commit;hit=1"),
                        List.of("selector=after-commit;hit=1"),
                        List.of("selector=before-commit;hit=2"),
                        List.of("selector=after-commit;hit=2"));
    }

    @Test
    void aRecordingListsWhatLeftTheJvmAndNotWhatWentToTheConsole() throws Exception {
        Path db = database();
        Path broker = dir.resolve("broker.log");
        Workload workload = () -> {
            System.out.println("relaying o1");
            fileRelay(db, broker).run();
        };

        Recording recording = ENGINE.record(EVERY_COMMIT.withEveryOutsideEffect(), workload);

        assertThat(recording.hits())
                .extracting(BoundaryHit::replayKey)
                .containsExactly(
                        "selector=before-commit;hit=1",
                        "selector=after-commit;hit=1",
                        "selector=before-file-write;hit=1", // opening the file for writing
                        "selector=after-file-write;hit=1",
                        "selector=before-file-write;hit=2", // the line
                        "selector=after-file-write;hit=2",
                        "selector=before-commit;hit=2",
                        "selector=after-commit;hit=2");
        assertThat(recording.outsideEffects()).containsExactly("file write on thread main (2 times)");
        assertThat(recording.hitsOf("before file write").get(0).stack().get(0))
                .startsWith("dev.deliverykit.boundary.OutsideEffectsTest.lambda$fileRelay$");
    }

    @Test
    void aCrashAfterTheFileWriteLeavesTheLineSentAndTheOrderUnmarked() throws Exception {
        Path db = database();
        Path broker = dir.resolve("broker.log");

        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.afterOutsideEffect(OutsideEffect.FILE_WRITE))
                        .occurrence(2),
                fileRelay(db, broker));

        assertThat(result.crashSite().replayKey()).isEqualTo("selector=after-file-write;hit=2");
        assertThat(Files.readString(broker)).isEqualTo("o1\n");
        assertThat(sent(db)).isEqualTo(0);
    }

    @Test
    void aDeadProcessWritesNoMoreFilesNorSocketsOnAnyOfItsThreads() throws Exception {
        Path db = database();
        Path late = dir.resolve("late.log");
        CountDownLatch died = new CountDownLatch(1);
        AtomicReference<Throwable> fileRefused = new AtomicReference<>();
        AtomicReference<Throwable> socketRefused = new AtomicReference<>();
        try (ServerSocket broker = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket outside = new Socket(InetAddress.getLoopbackAddress(), broker.getLocalPort());
                Socket accepted = broker.accept()) {
            Workload workload = () -> {
                // A thread the process starts, which sends later (a client's I/O thread): the death stops it too.
                Thread sender = new Thread(
                        () -> {
                            awaitQuietly(died);
                            try (OutputStream out = new FileOutputStream(late.toFile())) {
                                out.write(1);
                            } catch (Throwable refused) {
                                fileRefused.set(refused);
                            }
                            try {
                                outside.getOutputStream().write(2);
                            } catch (Throwable refused) {
                                socketRefused.set(refused);
                            }
                        },
                        "late-sender");
                sender.start();
                try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                        Statement statement = connection.createStatement()) {
                    statement.execute("INSERT INTO outbox VALUES ('o1', 0)");
                } finally {
                    died.countDown();
                    sender.join();
                }
            };

            CrashResult result =
                    ENGINE.crashInProcess(CrashPlan.at(Selector.afterStatement("INSERT INTO outbox")), workload);

            assertThat(late).doesNotExist(); // not even created: opening it to write was refused
            assertThat(accepted.getInputStream().available()).isZero();
            assertThat(fileRefused.get())
                    .isInstanceOf(SimulatedCrash.class)
                    .hasMessage("The simulated process already died at hit 1 of after statement matching"
                            + " /INSERT INTO outbox/ (on thread main);"
                            + " file write on thread late-sender was refused before it left the process: a dead"
                            + " process does nothing more.");
            assertThat(socketRefused.get()).isInstanceOf(SimulatedCrash.class);
            assertThat(result.afterDeath())
                    .map(line ->
                            line.replaceAll("\\.java:[0-9]+\\)", ".java:N)").replaceAll("\\$[0-9]+\\(", "\\$N("))
                    .containsExactly(
                            "file write on thread late-sender at"
                                    + " dev.deliverykit.boundary.OutsideEffectsTest.lambda$aDeadProcessWritesNoMoreFilesNorSocketsOnAnyOfItsThreads$N(OutsideEffectsTest.java:N)"
                                    + " was refused",
                            "socket write on thread late-sender at"
                                    + " dev.deliverykit.boundary.OutsideEffectsTest.lambda$aDeadProcessWritesNoMoreFilesNorSocketsOnAnyOfItsThreads$N(OutsideEffectsTest.java:N)"
                                    + " was refused");
        }
    }

    @Test
    void anInjectedFailureOfASocketWriteIsTheIoExceptionOfABrokenConnection() throws Exception {
        try (ServerSocket broker = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Workload workload = () -> {
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), broker.getLocalPort())) {
                    socket.getOutputStream().write(1);
                } catch (IOException failure) {
                    failed.set(failure);
                }
            };

            ENGINE.crashInProcess(
                    CrashPlan.at(Selector.beforeOutsideEffect(OutsideEffect.SOCKET_WRITE))
                            .fault(Fault.FAILURE),
                    workload);

            assertThat(failed.get())
                    .isExactlyInstanceOf(IOException.class)
                    .hasMessage("socket write failed before anything left the process (a failure injected by"
                            + " DeliveryKit at hit 1 of before socket write; the process"
                            + " lives on).");
        }
    }

    @Test
    void outsideEffectSelectorsHaveSpecsThatParseBack() {
        for (OutsideEffect effect : OutsideEffect.values()) {
            for (Selector selector :
                    List.of(Selector.beforeOutsideEffect(effect), Selector.afterOutsideEffect(effect))) {
                assertThat(Selector.parse(selector.spec())).isEqualTo(selector);
            }
        }
        assertThat(Selector.afterOutsideEffect(OutsideEffect.SOCKET_WRITE).spec())
                .isEqualTo("after-socket-write");
        assertThat(Selector.beforeOutsideEffect(OutsideEffect.HTTP_REQUEST).description())
                .isEqualTo("before HTTP request");
        assertThatThrownBy(() -> Selector.afterOutsideEffect(null)).isInstanceOf(NullPointerException.class);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int sent(Path db) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rows = connection.createStatement().executeQuery("SELECT sent FROM outbox WHERE id = 'o1'")) {
            return rows.getInt(1);
        }
    }
}
