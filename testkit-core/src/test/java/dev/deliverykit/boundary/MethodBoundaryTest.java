package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Method entry, normal exit and exceptional exit selectors, and the Nth occurrence, in this JVM. */
class MethodBoundaryTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    @TempDir
    Path dir;

    @Test
    void crashAtTheThirdEntryStopsBeforeTheMethodBodyRuns() {
        Courier courier = new Courier();

        CrashResult result = ENGINE.crashInProcess(
                CrashPlan.at(Selector.methodEntry(Courier.class, "send", String.class))
                        .occurrence(3),
                () -> {
                    courier.send("a");
                    courier.send("b");
                    courier.send("c");
                });

        assertThat(courier.sent()).containsExactly("a", "b");
        assertThat(result.replayKey())
                .isEqualTo("selector=method-entry:dev.deliverykit.boundary.Courier#send(java.lang.String);hit=3");
        assertThat(result.crashSite().stack().get(0)).startsWith("dev.deliverykit.boundary.Courier.send(");
        assertThat(result.crashSite().stack().get(1)).startsWith("dev.deliverykit.boundary.MethodBoundaryTest.lambda$");
    }

    @Test
    void crashAtNormalExitHappensAfterTheBodyRan() {
        Courier courier = new Courier();

        ENGINE.crashInProcess(
                CrashPlan.at(Selector.methodExit("dev.deliverykit.boundary.Courier#send(java.lang.String)")), () -> {
                    courier.send("a");
                    courier.send("b");
                });

        assertThat(courier.sent()).containsExactly("a");
    }

    @Test
    void exceptionalExitReplacesTheMethodsExceptionWithTheCrash() {
        Courier courier = new Courier();
        List<String> confirmed = new ArrayList<>();

        CrashResult result =
                ENGINE.crashInProcess(CrashPlan.at(Selector.methodExceptionalExit(Courier.class, "confirm")), () -> {
                    confirmed.add(courier.confirm("1"));
                    try {
                        courier.confirm("");
                    } catch (IllegalArgumentException expectedByTheCode) {
                        confirmed.add("rejected"); // never runs: the process died as confirm threw
                    }
                    confirmed.add(courier.confirm("2"));
                });

        assertThat(confirmed).containsExactly("ok:1");
        assertThat(result.hitCounts()).containsEntry("exceptional exit of dev.deliverykit.boundary.Courier#confirm", 1);
    }

    @Test
    void everyOverloadMatchesWithoutParameterTypesAndOverloadsCalledInsideOneAreOneCall() {
        Courier courier = new Courier();
        Selector secondSend = Selector.methodEntry(Courier.class, "send").occurrence(2);

        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(secondSend), () -> {
            courier.send("x", 2); // one call: the send(String) it makes twice is part of it
            courier.send("y"); // the second call of any send overload
        });

        assertThat(courier.sent()).containsExactly("x", "x");
        assertThat(result.replayKey())
                .isEqualTo("selector=#2 method-entry:dev.deliverykit.boundary.Courier#send;hit=1");
    }

    @Test
    void aMethodAnEarlierRunWatchedIsNotRefusedAfterADeathInARunThatDoesNotWatchIt() throws Exception {
        try (Connection setup = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(setup).createSchema();
        }
        Courier courier = new Courier();
        ENGINE.record(WatchList.of(Boundary.of(Selector.methodEntry(Courier.class, "confirm"))), () -> {
            courier.confirm("c-1"); // woven from now on, in this JVM
        });

        CrashResult result = ENGINE.crashInProcess(CrashPlan.at(Selector.afterCommit()), () -> {
            try (Connection connection = LedgerDatabase.SQLITE.open(dir)) {
                new Ledger(connection).depositWithConnectionApi("o1", 5);
            } finally {
                courier.confirm("c-2"); // watched by the earlier run only: not this run's boundary
            }
        });

        assertThat(result.afterDeath()).isEmpty();
    }

    /** A generic interface's method: the compiler adds a bridge {@code Object get()} that calls this one. */
    static final class Receipt implements java.util.function.Supplier<String> {
        @Override
        public String get() {
            return "ok";
        }
    }

    @Test
    void aBridgeMethodIsNoSecondHitOfTheMethodItCalls() {
        Supplier<String> receipt = new Receipt(); // called through the bridge

        Recording recording =
                ENGINE.record(WatchList.of(Boundary.of(Selector.methodExit(Receipt.class, "get"))), () -> {
                    receipt.get();
                    receipt.get();
                });

        assertThat(recording.hitCounts())
                .containsExactly(
                        Map.entry("normal exit of dev.deliverykit.boundary.MethodBoundaryTest$Receipt#get", 2));
    }

    @Test
    void aMethodCrashAlsoKillsTheProcesssJdbcConnections() throws Exception {
        try (Connection setup = LedgerDatabase.SQLITE.open(dir)) {
            new Ledger(setup).createSchema();
        }
        AtomicReference<Connection> connection = new AtomicReference<>();
        Courier courier = new Courier();

        ENGINE.crashInProcess(CrashPlan.at(Selector.methodEntry(Courier.class, "send", String.class)), () -> {
            connection.set(LedgerDatabase.SQLITE.open(dir));
            connection.get().createStatement().execute("BEGIN IMMEDIATE");
            connection.get().createStatement().execute("UPDATE account SET balance = 99 WHERE id = 'A'");
            courier.send("event"); // dies here, holding the write lock in an open transaction
        });

        assertThat(connection.get().isClosed()).isTrue();
        try (Connection other = LedgerDatabase.SQLITE.open(dir, 0)) {
            other.createStatement().execute("BEGIN IMMEDIATE"); // free at once: the transaction was rolled back
            other.createStatement().execute("ROLLBACK");
            assertThat(Ledger.read(other)).isEqualTo(new Ledger.State(0, List.of()));
        }
    }

    @Test
    void aMethodTheNamedClassDoesNotDeclareFailsBeforeAnythingRuns() {
        List<String> ran = new ArrayList<>();

        assertThatThrownBy(() -> ENGINE.crashInProcess(
                        CrashPlan.at(Selector.methodEntry(Courier.class, "deliver")), () -> ran.add("ran")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot select entry of dev.deliverykit.boundary.Courier#deliver:"
                        + " dev.deliverykit.boundary.Courier declares no method deliver with a body. Its declared methods:"
                        + " confirm(java.lang.String), dispatch(java.lang.String), send(java.lang.String),"
                        + " send(java.lang.String,int), sent().")
                .hasMessageContaining("Fix: name that class");
        assertThat(ran).isEmpty();
    }
}
