package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.boundary.Ledger.State;
import dev.deliverykit.internal.instrument.Instrumenter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A component that prepares its statements once and executes them in many runs: the engine learns a
 * statement's SQL when it is prepared, in or outside a run, so the cached statement still hits its
 * statement boundary; and remembering it costs an idle prepare little, while an idle execute still
 * allocates nothing.
 */
class PreparedBeforeTheRunTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    @Test
    void aStatementPreparedBeforeTheRunHitsItsStatementBoundary() throws Exception {
        Instrumenter.get().ensureJdbc(); // the driver is woven, as after any earlier run in this JVM
        try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(connection).createSchema();
        }
        try (Connection connection = LedgerDatabase.SQLITE.open(dir);
                CachedStatement cached = new CachedStatement(connection)) {
            cached.deposit("o1"); // prepared and used with no run active

            CrashResult result = ENGINE.crashInProcess(CrashPlan.at(Selector.afterStatement("^INSERT INTO outbox")),
                    () -> cached.deposit("o2"));

            assertThat(result.replayKey()).isEqualTo("selector=after-statement:^INSERT INTO outbox;hit=1");
            assertThat(result.crashSite().stack().get(0)).startsWith("dev.deliverykit.boundary.CachedStatement.deposit(");
            assertThat(result.hitCounts()).containsEntry("after statement \"INSERT INTO outbox(id, body) VALUES (?, ?)\"", 1);
            assertThat(connection.isClosed()).isTrue();
            assertThatThrownBy(() -> cached.deposit("o3")).isInstanceOf(SQLException.class);
        }
        try (Connection fresh = LedgerDatabase.SQLITE.open(dir)) {
            assertThat(Ledger.read(fresh)).isEqualTo(new State(0, List.of("o1")));
        }
    }

    @Test
    void idlePreparesCostLittleAndIdleExecutesAllocateNothing() throws Exception {
        Instrumenter instrumenter = Instrumenter.get();
        instrumenter.ensureJdbc();
        StatementShaped shaped = new StatementShaped();
        assertThat(instrumenter.wasTransformed(StatementShaped.class.getName())).isTrue();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        String sql = "INSERT INTO outbox(id, body) VALUES (?, ?)";
        for (int i = 0; i < 200_000; i++) { // warm up: let the JIT compile the woven methods
            shaped.execute(sql);
            shaped.prepareStatement(sql);
        }

        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 1_000_000; i++) {
            shaped.execute(sql);
        }
        long executes = threads.getThreadAllocatedBytes(thread) - before;
        before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 100_000; i++) {
            shaped.prepareStatement(sql);
        }
        long prepares = threads.getThreadAllocatedBytes(thread) - before;

        // One object per execute would be at least 16 MB; the measurement itself may allocate a little.
        assertThat(executes).isLessThan(64 * 1024);
        // Remembering the SQL of a prepare: a weak identity key (32 bytes measured; a new statement adds a map
        // entry), the SQL text is not copied.
        assertThat(prepares / 100_000).isLessThan(128);
    }
}
