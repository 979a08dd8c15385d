package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScenarioMessagesTests {

    private static final String CASE = "crash after commit #1 (in process)";

    @Test
    void prepareAfterRun() {
        assertThat(ScenarioMessages.prepareAfterRun(CASE).sentences())
                .isEqualTo("scenario.prepare(...) was called after the workload ran in crash after commit #1 (in"
                        + " process): the fixture is the state the workload starts from. Fix: call it before"
                        + " scenario.run(...).");
    }

    @Test
    void runOutsideTheTestMethod() {
        assertThat(ScenarioMessages.runOutsideTheTestMethod(CASE).sentences())
                .isEqualTo("scenario.run(...) was called outside the test method in crash after commit #1 (in"
                        + " process), so the child JVM cannot rerun the test up to it. Fix: call scenario.run(...) in"
                        + " the test method itself.");
    }

    @Test
    void otherProcessDatabasesAfterRun() {
        assertThat(ScenarioMessages.otherProcessDatabasesAfterRun(CASE).sentences())
                .isEqualTo("scenario.otherProcessDatabases(...) was called after the workload ran in crash after commit"
                        + " #1 (in process): the crash has already decided which connections die. Fix: call it before"
                        + " scenario.run(...).");
    }

    @Test
    void restartBeforeRun() {
        assertThat(ScenarioMessages.restartBeforeRun(CASE).sentences())
                .isEqualTo("scenario.restart(...) was called before the workload ran in crash after commit #1 (in"
                        + " process): restart is the recovery after the crash. Fix: call scenario.run(workload)"
                        + " first.");
    }

    @Test
    void startedTwice() {
        assertThat(ScenarioMessages.startedTwice(CASE).sentences())
                .isEqualTo("The workload was started twice in crash after commit #1 (in process): each invocation runs"
                        + " one workload once. Fix: put the whole workload in one call, and the recovery in"
                        + " restart(...).");
    }

    @Test
    void neverCalled() {
        assertThat(ScenarioMessages.neverCalled(
                                "scenario.run(...)", CASE, "crashed nothing", "a crash", "run the workload.")
                        .lines())
                .isEqualTo("The test never called scenario.run(...), so crash after commit #1 (in process) crashed"
                        + " nothing and the test asserted nothing about a crash.\n"
                        + "Fix: run the workload.");
    }

    @Test
    void heldByTheTestJvmNamesOneFile() {
        assertThat(ScenarioMessages.heldByTheTestJvm(Set.of(Path.of("/d/shop.mv.db")), CASE)
                        .sentences())
                .isEqualTo("The test JVM holds the database file /d/shop.mv.db locked, so the child JVM of crash after"
                        + " commit #1 (in process) could not open it (H2 says \"Database may be already in use\"). A"
                        + " database opened before scenario.run(...) is still open in the test JVM: a service, pool or"
                        + " connection built in the test method, a @BeforeEach method or a field. Fix: build what opens"
                        + " the database inside the workload, scenario.run(() -> ...), and the recovery's inside"
                        + " scenario.restart(() -> ...); write a fixture with scenario.prepare(() -> ...) and close what"
                        + " it opened there.");
    }

    @Test
    void heldByTheTestJvmNamesSeveralFiles() {
        Set<Path> held = new LinkedHashSet<>(List.of(Path.of("/d/a.mv.db"), Path.of("/d/b.mv.db")));

        assertThat(ScenarioMessages.heldByTheTestJvm(held, CASE).what())
                .startsWith("The test JVM holds the database files /d/a.mv.db, /d/b.mv.db locked, so the child JVM of"
                        + " crash after commit #1 (in process) could not open them (");
    }

    @Test
    void fixtureOpenInTheChild() {
        assertThat(ScenarioMessages.fixtureOpenInTheChild(
                                Set.of(Path.of("/d/shop.db")), "crash after commit #1 (child JVM)")
                        .sentences())
                .isEqualTo("The child JVM of crash after commit #1 (child JVM) has the file /d/shop.db open at"
                        + " scenario.run(...), which the test JVM had closed there: under the workload the test JVM's"
                        + " files replace those the child's rerun of the test method wrote, so that the fixture is"
                        + " written once, and the workload would write to a file that is gone. Fix: close"
                        + " what the test method opens before scenario.run(...) in both JVMs alike, or open it inside"
                        + " the workload, scenario.run(() -> ...).");
    }

    @Test
    void deadProcessNotReleased() {
        assertThat(ScenarioMessages.deadProcessNotReleased(
                                CASE, new IllegalStateException("cannot set the executor bridge's hook"))
                        .sentences())
                .isEqualTo("DeliveryKit failure: crash after commit #1 (in process) ended, but its dead process could"
                        + " not be let go (java.lang.IllegalStateException: cannot set the executor bridge's hook), so"
                        + " the woven code may still route this JVM's calls to it. Fix: run the cases after it in a"
                        + " new JVM, and please report it with this stack trace.");
    }

    @Test
    void notPublished() {
        assertThat(ScenarioMessages.notPublished(Path.of("/tmp/report/1-stdout.txt")))
                .isEqualTo("JUnit could not publish /tmp/report/1-stdout.txt");
    }
}
