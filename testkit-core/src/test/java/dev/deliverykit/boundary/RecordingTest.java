package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.Ledger.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recording every hit of a crash-free run: the list a crash sweep walks, crash by crash. */
class RecordingTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    private static final BoundaryCatalogue LEDGER = BoundaryCatalogue.builder("ledger")
            .add("after-account-update", Selector.afterStatement("^UPDATE account "))
            .add("after-outbox-insert", Selector.afterStatement("^INSERT INTO outbox"))
            .build();

    @TempDir
    Path dir;

    private Path freshLedger(String name) throws Exception {
        Path directory = Files.createDirectories(dir.resolve(name));
        try (Connection connection = LedgerDatabase.SQLITE.open(directory)) {
            new Ledger(connection).createSchema();
        }
        return directory;
    }

    private static Workload twoDeposits(Path directory) {
        return () -> {
            try (Connection connection = LedgerDatabase.SQLITE.open(directory)) {
                Ledger ledger = new Ledger(connection);
                ledger.depositWithStatements("o1", 5);
                ledger.depositWithStatements("o2", 7);
            }
        };
    }

    @Test
    void recordingListsHitsInOrderWithOccurrenceNumbers() throws Exception {
        Recording recording = ENGINE.record(WatchList.of(LEDGER).withEveryTransactionEnd(), twoDeposits(freshLedger("r")));

        assertThat(recording.hits()).extracting(BoundaryHit::replayKey).containsExactly(
                "boundary=after-account-update;hit=1",
                "boundary=after-outbox-insert;hit=1",
                "selector=before-commit;hit=1",
                "selector=after-commit;hit=1",
                "boundary=after-account-update;hit=2",
                "boundary=after-outbox-insert;hit=2",
                "selector=before-commit;hit=2",
                "selector=after-commit;hit=2");
        assertThat(recording.hits()).allSatisfy(hit -> {
            assertThat(hit.threadName()).isEqualTo(Thread.currentThread().getName());
            assertThat(hit.stack().get(0)).startsWith("dev.deliverykit.boundary.Ledger.");
            assertThat(hit.stack()).hasSizeLessThanOrEqualTo(3);
        });
        assertThat(recording.hitCounts()).containsExactly(
                org.assertj.core.api.Assertions.entry("after-account-update", 2),
                org.assertj.core.api.Assertions.entry("after-outbox-insert", 2),
                org.assertj.core.api.Assertions.entry("before commit", 2),
                org.assertj.core.api.Assertions.entry("after commit", 2));
        assertThat(recording.render()).startsWith("boundary=after-account-update;hit=1  on "
                + Thread.currentThread().getName() + "  at dev.deliverykit.boundary.Ledger.writeDeposit(Ledger.java:");
    }

    @Test
    void everyStatementIsItsOwnBoundaryBeforeAndAfter() throws Exception {
        Recording recording = ENGINE.record(WatchList.of().withEveryStatement(), twoDeposits(freshLedger("s")));

        assertThat(recording.hitsOf("before statement \"BEGIN IMMEDIATE\"")).extracting(BoundaryHit::occurrence)
                .containsExactly(1, 2);
        assertThat(recording.hitCounts()).containsEntry("after statement \"COMMIT\"", 2)
                .containsEntry("before statement \"INSERT INTO outbox(id, body) VALUES (?, ?)\"", 2)
                .hasSize(14); // 7 distinct SQL texts (3 pragmas, BEGIN, UPDATE, INSERT, COMMIT), before and after
    }

    /**
     * The sweep the engine exists for: record a crash-free run, then crash at every recorded hit, recover
     * from the file, and check that a deposit is never half there.
     */
    @Test
    void crashingAtEveryRecordedHitNeverLeavesHalfADeposit() throws Exception {
        Recording recording = ENGINE.record(WatchList.of(LEDGER).withEveryStatement().withEveryTransactionEnd(),
                twoDeposits(freshLedger("recorded")));
        List<State> allowed = List.of(new State(0, List.of()), new State(5, List.of("o1")),
                new State(12, List.of("o1", "o2")));

        int crashes = 0;
        for (BoundaryHit hit : recording.hits()) {
            Path directory = freshLedger("crash-" + crashes);
            CrashResult result = ENGINE.crashInProcess(hit.crashPlan(), twoDeposits(directory));
            assertThat(result.replayKey()).isEqualTo(hit.replayKey());
            try (Connection recovered = LedgerDatabase.SQLITE.open(directory)) {
                assertThat(Ledger.read(recovered)).as(hit.replayKey()).isIn(allowed);
            }
            crashes++;
        }
        assertThat(crashes).isEqualTo(recording.hits().size()).isGreaterThan(20);
    }

    @Test
    void aChildProcessRecordsTheSameHits() throws Exception {
        Path inProcess = freshLedger("in");
        Path child = freshLedger("child");
        WatchList watch = WatchList.of(LEDGER).withEveryTransactionEnd();

        Recording here = ENGINE.record(watch, twoDeposits(inProcess));
        Recording there = ENGINE.recordInChildProcess(watch,
                ChildLaunch.of(LedgerDeposits.class).args("SQLITE", child.toString(), "statements", "2"));

        assertThat(there.hits()).extracting(BoundaryHit::replayKey)
                .containsExactlyElementsOf(here.hits().stream().map(BoundaryHit::replayKey).toList());
        assertThat(there.hits().get(0).threadName()).isEqualTo("main");
    }
}
