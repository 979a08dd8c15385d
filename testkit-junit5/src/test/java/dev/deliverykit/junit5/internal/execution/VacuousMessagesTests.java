package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class VacuousMessagesTests {

    @Test
    void nothingAfterTheCrashFreeRun() {
        assertThat(VacuousMessages.nothingAfterTheCrashFreeRun(
                                false, 1, List.of("[Shop.once] once: read nothing (checked 0 keys)"))
                        .lines())
                .isEqualTo("The crash-free run committed 1 time, but every invariant declared with @CheckInvariant"
                        + " read nothing after it, so no crash case of this sweep could fail:\n"
                        + "[Shop.once] once: read nothing (checked 0 keys)\n"
                        + "What the run committed is not in the databases these invariants read. Likely causes: an"
                        + " in-memory database (jdbc:sqlite::memory:, an unnamed jdbc:h2:mem:) that each new"
                        + " connection sees empty, or invariants that read another database than the one the"
                        + " workload writes (another directory or file name).\n"
                        + "Fix: make the workload's commits durable and give each invariant's JdbcSource the URL"
                        + " the workload writes; an invariant that reads no row by design says so with"
                        + " @CheckInvariant(emptyByDesign = true).");
    }

    @Test
    void nothingAfterTheCrashFreeRunInAChild() {
        assertThat(VacuousMessages.nothingAfterTheCrashFreeRun(
                                true, 2, List.of("[Shop.once] once: read nothing (checked 0 keys)"))
                        .lines())
                .isEqualTo("The crash-free run in a child JVM committed 2 times, but every invariant declared with"
                        + " @CheckInvariant read nothing after it, so no crash case of this sweep could fail:\n"
                        + "[Shop.once] once: read nothing (checked 0 keys)\n"
                        + "What the run committed is not in the databases these invariants read. Likely causes:"
                        + " commits that did not survive the child JVM's exit (H2's default WRITE_DELAY: add"
                        + " ;WRITE_DELAY=0 to the URL; SQLite with PRAGMA synchronous=OFF), an in-memory database"
                        + " (jdbc:h2:mem:, jdbc:sqlite::memory:), which ends with the child, or invariants that read"
                        + " another database than the one the workload writes (another directory or file name).\n"
                        + "Fix: make the workload's commits durable and give each invariant's JdbcSource the URL"
                        + " the workload writes; an invariant that reads no row by design says so with"
                        + " @CheckInvariant(emptyByDesign = true).");
    }

    @Test
    void commitsLost() {
        assertThat(VacuousMessages.commitsLost(2, List.of("[Shop.once] once: read nothing (checked 0 keys)"))
                        .lines())
                .isEqualTo("The child JVM crashed after all 2 commits of the workload, yet none of them survived its"
                        + " exit: the invariants that read rows after the crash-free run read nothing now, before"
                        + " the recovery:\n"
                        + "[Shop.once] once: read nothing (checked 0 keys)\n"
                        + "The database loses commits when its process ends without closing it. Likely causes: H2's"
                        + " default WRITE_DELAY (add ;WRITE_DELAY=0 to the URL), SQLite with PRAGMA"
                        + " synchronous=OFF, or a database that writes on close or on a timer.\n"
                        + "Fix: make every commit durable when it returns, as in production after a power cut;"
                        + " otherwise every crash of this sweep holds vacuously.");
    }

    @Test
    void invariant() {
        assertThat(VacuousMessages.invariant("Shop.once", "exactly once per key"))
                .isEqualTo("[Shop.once] exactly once per key: ");
    }

    @Test
    void read() {
        assertThat(VacuousMessages.read("[Shop.once] exactly once per key: ", "1 intent key, 1 effect row"))
                .isEqualTo("[Shop.once] exactly once per key: read rows (checked 1 intent key, 1 effect row)");
    }

    @Test
    void readNothing() {
        assertThat(VacuousMessages.readNothing("[Shop.once] once: ", "0 keys"))
                .isEqualTo("[Shop.once] once: read nothing (checked 0 keys)");
    }

    @Test
    void unreadable() {
        assertThat(VacuousMessages.unreadable("[Shop.once] exactly once per key: ", "no such table: outbox"))
                .isEqualTo("[Shop.once] exactly once per key: could not read its tables (no such table: outbox)");
    }
}
