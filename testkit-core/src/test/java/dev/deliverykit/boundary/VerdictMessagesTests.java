package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictMessagesTests {

    @Test
    void kitFailed() {
        assertThat(VerdictMessages.kitFailed("at statement \"SELECT 1\"").lines())
                .isEqualTo("DeliveryKit failed internally at statement \"SELECT 1\".\n"
                        + "This is a DeliveryKit bug, not a failure of the code under test: the call went on unchanged,"
                        + " but this run's verdict cannot be trusted.\n"
                        + "Expected: the kit to observe every JDBC call the driver accepts.\n"
                        + "Fix: please report it with this message and its cause; meanwhile run this test with mode ="
                        + " CHILD_PROCESS or exclude it.");
    }

    @Test
    void threadOutsideProcess() {
        assertThat(VerdictMessages.threadOutsideProcess("statement \"INSERT INTO t(id) VALUES (?)\" on thread t")
                        .lines())
                .isEqualTo("A thread outside the process under test used JDBC during an in-process run:"
                        + " statement \"INSERT INTO t(id) VALUES (?)\" on thread t.\n"
                        + "The in-process crash cannot tell what it does to that thread's work (it neither"
                        + " kills nor counts it), so this run proves nothing.\n"
                        + "Expected: during an in-process run only the workload's threads use JDBC: the thread"
                        + " that runs it, threads it starts, and tasks it hands to executors.\n"
                        + "Fix: run this test alone (@Isolated, or no parallel execution for it), start that"
                        + " work inside the workload, or use mode = CHILD_PROCESS, where the process is a JVM"
                        + " of its own.");
    }

    @Test
    void processStillRunning() {
        System.setProperty(DyingProcess.STOP_TIMEOUT_PROPERTY, "200ms");
        try {
            assertThat(VerdictMessages.processStillRunning(
                                    "the recording's workload returned",
                                    List.of("task(s) running on thread(s) worker", "thread t"))
                            .lines())
                    .isEqualTo("The process under test did not stop within 200 ms after the recording's workload"
                            + " returned: task(s) running on thread(s) worker; thread t.\n"
                            + "Expected: its threads and tasks to end or wait, so that recovery and the invariants do"
                            + " not race them.\n"
                            + "Fix: let the workload wait for the work it starts (join its threads, wait for its"
                            + " futures), or allow more time with -Ddeliverykit.process.stop-timeout=30s.");
        } finally {
            System.clearProperty(DyingProcess.STOP_TIMEOUT_PROPERTY);
        }
    }

    @Test
    void childEndedWithoutReport() {
        assertThat(VerdictMessages.childEndedWithoutReport("hit 1 of after commit", "the child JVM", 1, "stdout:\n  x")
                        .lines())
                .isEqualTo("Boundary not reached: the crash was armed at hit 1 of after commit, but the child JVM ended"
                        + " with exit code 1 without a report from the kit (it failed to start the workload, or called"
                        + " System.exit or Runtime.halt itself).\n"
                        + "Expected: exit code " + BoundaryEngine.CRASH_EXIT_CODE + " at the boundary.\n"
                        + "Fix: see the child's output:\n"
                        + "stdout:\n  x");
    }

    @Test
    void recordingEndedWithoutReport() {
        assertThat(VerdictMessages.recordingEndedWithoutReport("the child JVM", 1, "stdout:\n  x")
                        .lines())
                .isEqualTo("Recording failed: the child JVM ended with exit code 1 without a report from the kit.\n"
                        + "Expected: the workload to complete.\n"
                        + "Fix: see the child's output:\n"
                        + "stdout:\n  x");
    }

    @Test
    void recordingFailed() {
        assertThat(VerdictMessages.recordingFailed("the workload", "java.lang.IllegalStateException: no", 3)
                        .lines())
                .isEqualTo("Recording failed: the workload threw java.lang.IllegalStateException: no after 3 hit(s),"
                        + " although a recording run injects no crash.\n"
                        + "Expected: the workload to complete, so that every boundary it reaches is recorded.\n"
                        + "Fix: make the workload pass without crashes first (see the cause or the child's output).");
    }

    @Test
    void boundaryNotReached() {
        assertThat(VerdictMessages.boundaryNotReached(
                                "hit 2 of after commit",
                                "the workload returned normally",
                                1,
                                List.of("  after commit: 1"),
                                List.of("dev.acme.Never was never loaded"),
                                List.of("dev.acme.Isolated: cannot see the kit"))
                        .lines())
                .isEqualTo("Boundary not reached: the crash was armed at hit 2 of after commit, but the workload"
                        + " returned normally after reaching it 1 time.\n"
                        + "Reached boundaries (hits):\n"
                        + "  after commit: 1\n"
                        + "Note: dev.acme.Never was never loaded.\n"
                        + "Instrumentation problems (boundaries in these classes may have been missed):\n"
                        + "  dev.acme.Isolated: cannot see the kit\n"
                        + "Expected: the run to reach that hit, so that the crash test tests something.\n"
                        + "Fix: pick a boundary and hit from the list above, or make the workload run the code that"
                        + " reaches the boundary.");
    }

    @Test
    void boundaryNotReachedSaysWhenNothingWasReached() {
        assertThat(VerdictMessages.boundaryNotReached(
                                "hit 1 of after commit", "the workload threw x", 0, List.of(), List.of(), List.of())
                        .lines())
                .startsWith("Boundary not reached: the crash was armed at hit 1 of after commit, but the workload"
                        + " threw x after reaching it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  none: no watched boundary, statement, commit or rollback was reached\n"
                        + "Expected: ");
    }

    @Test
    void instrumentationFailed() {
        assertThat(VerdictMessages.instrumentationFailed(List.of("dev.acme.A: no", "dev.acme.B: no"))
                        .lines())
                .isEqualTo("Instrumentation failed for 2 class(es) during this run, so boundaries in them may have"
                        + " been missed:\n"
                        + "  dev.acme.A: no\n"
                        + "  dev.acme.B: no\n"
                        + "Expected: every JDBC class and every class a method selector names to be instrumented.\n"
                        + "Fix: see the errors above; a class loader that cannot see the kit needs the kit on its"
                        + " class path, and a class that cannot be retransformed must be instrumented at load time"
                        + " (-javaagent).");
    }

    @Test
    void childThrew() {
        assertThat(VerdictMessages.childThrew("the workload", "java.lang.IllegalStateException: boom", 1))
                .isEqualTo("the workload threw java.lang.IllegalStateException: boom (exit code 1; its stack trace"
                        + " is in the child's output below)");
    }

    @Test
    void secondServer() {
        assertThat(VerdictMessages.secondServer(
                                "the child JVM running shipsTheOrder", List.of("127.0.0.1:41003", "127.0.0.1:41007"))
                        .lines())
                .isEqualTo("Second server: the child JVM running shipsTheOrder connected through JDBC to"
                        + " 127.0.0.1:41003, 127.0.0.1:41007, a local server the test JVM's JDBC connections never"
                        + " reached. It is most likely a second server, started in the child by the test class's"
                        + " @BeforeAll or a static field, which run again in every JVM; the test JVM's recovery and"
                        + " invariants read its own server and cannot see this one's writes, so this run proves"
                        + " nothing.\n"
                        + "Expected: the child to use the test JVM's server.\n"
                        + "Fix: pass the test JVM's server to the child: start it only where a system property with"
                        + " its URL is not set, set that property to its URL, and connect to the URL it holds; a child"
                        + " JVM inherits the test JVM's system properties (docs/crash-modes.md, \"Which JVM runs"
                        + " what\"); if it is the test JVM's own server, reached there only before the kit's first run"
                        + " (a pool filled in @BeforeAll), set -Ddeliverykit.child.second-server-check=false.");
    }

    @Test
    void childReturned() {
        assertThat(VerdictMessages.childReturned("the workload", 0))
                .isEqualTo("the workload returned normally (exit code 0)");
    }

    @Test
    void withChildOutput() {
        assertThat(VerdictMessages.withChildOutput("The run reached nothing.", "exit code 1\n--- stdout ---\nstarted"))
                .isEqualTo("The run reached nothing.\n"
                        + "The child's output:\n"
                        + "exit code 1\n"
                        + "--- stdout ---\n"
                        + "started");
    }
}
