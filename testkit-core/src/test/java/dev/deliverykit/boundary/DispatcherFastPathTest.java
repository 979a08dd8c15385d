package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.deliverykit.internal.instrument.EngineControls;
import dev.deliverykit.internal.instrument.Instrumenter;
import dev.deliverykit.internal.instrument.MethodTarget;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While no run is active, woven code does one volatile read and nothing else: no allocation (measured
 * here over a million calls), no lock and no call (each Dispatcher method the advice calls starts with
 * the read of its private switch, which guards the rest; the benchmark comes later).
 */
class DispatcherFastPathTest {

    @Test
    void unarmedAdviceAllocatesNothing() {
        Instrumenter instrumenter = Instrumenter.get();
        instrumenter.ensureJdbc();
        instrumenter.ensureMethods(List.of(new MethodTarget(Counter.class.getName(), "increment", null)));
        Counter counter = new Counter();
        assertThat(instrumenter.wasTransformed(Counter.class.getName())).isTrue();
        assertThat(adviceSeenOn(counter)).containsExactly("ENTRY", "NORMAL_EXIT");

        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < 200_000; i++) {
            counter.increment(); // warm up: let the JIT compile the woven method
        }
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 1_000_000; i++) {
            counter.increment();
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertThat(counter.value()).isEqualTo(1_200_001);
        // One object per call would be at least 16 MB; the measurement itself may allocate a little.
        assertThat(allocated).isLessThan(64 * 1024);
    }

    @Test
    void onlyJdbcShapedAndNamedTypesAreInstrumented(@TempDir Path dir) throws Exception {
        Instrumenter instrumenter = Instrumenter.get();
        instrumenter.ensureJdbc();
        Uninvolved uninvolved = new Uninvolved();
        try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(connection).createSchema(); // loads the driver's classes, after the JDBC advice was installed
        }

        assertThat(uninvolved.execute("")).isTrue();
        assertThat(instrumenter.wasTransformed(Uninvolved.class.getName())).isFalse();
        assertThat(instrumenter.wasTransformed("org.sqlite.jdbc4.JDBC4Connection"))
                .isTrue();
        assertThat(instrumenter.wasTransformed("org.sqlite.jdbc3.JDBC3Statement"))
                .isTrue();
        assertThat(instrumenter.problems()).isEmpty();
    }

    private static List<String> adviceSeenOn(Counter counter) {
        List<String> seen = new ArrayList<>();
        EngineControls.activate(
                new MethodCallsOnly(call -> seen.add(call.point().name())));
        try {
            counter.increment();
        } finally {
            EngineControls.deactivate();
        }
        return seen;
    }
}
