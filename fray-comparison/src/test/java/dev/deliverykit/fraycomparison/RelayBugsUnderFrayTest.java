package dev.deliverykit.fraycomparison;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The relay bugs of issue 43 over a real SQLite file, as a Fray user writes them: two instances in two threads,
 * exactly-once asserted at the end, Fray's default {@code @ConcurrencyTest} settings (POS, up to 1000 schedules).
 * Fray cannot see SQLite's file lock: it may park the instance that holds it, and the other then fails with
 * SQLITE_BUSY (or, retrying, gives up), the bug's twin as well as the bug. Fray's seed is not fixed, so which
 * comes first varies from run to run: a bug ends red for one of these reasons, a correct twin never with a
 * duplicate. The nested classes run only through {@link FrayRun}: surefire leaves nested classes alone.
 */
class RelayBugsUnderFrayTest {

    /** A bug ends red: for its duplicate, or for a busy file it met first. */
    private static final Set<Outcome> RED =
            EnumSet.of(Outcome.EXACTLY_ONCE_BROKEN, Outcome.SQLITE_BUSY, Outcome.GAVE_UP_ON_BUSY);

    /** A correct twin never ends with a duplicate: green, or red for a busy file. */
    private static final Set<Outcome> NEVER_A_DUPLICATE =
            EnumSet.of(Outcome.GREEN, Outcome.SQLITE_BUSY, Outcome.GAVE_UP_ON_BUSY);

    static Stream<Arguments> cases() {
        return Stream.of(DriverDefaultsCases.class, RetryOnBusyCases.class).flatMap(cases -> {
            String setUp = cases == DriverDefaultsCases.class ? "driver defaults" : "retry on busy";
            return Stream.of(
                    Arguments.of("relay without claim, " + setUp, cases, "relayWithoutClaim", RED),
                    Arguments.of("relay with atomic claim, " + setUp, cases, "atomicClaim", NEVER_A_DUPLICATE),
                    Arguments.of("check-then-act consumer, " + setUp, cases, "checkThenAct", RED),
                    Arguments.of("record-first consumer, " + setUp, cases, "recordFirst", NEVER_A_DUPLICATE));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void underFray(String name, Class<?> cases, String method, Set<Outcome> expected) {
        FrayRun run = FrayRun.of(name, cases, method);

        assertThat(run.outcome()).isIn(expected);
    }

    /** The four cases; a subclass says what an instance's connection does on a busy file. */
    @ExtendWith(FrayTestExtension.class)
    abstract static class SqliteCases {
        abstract Busy busy();

        @ConcurrencyTest
        void relayWithoutClaim(@TempDir Path dir) throws Exception {
            Cases.relayWithoutClaim(RelayDatabase.create(dir, busy()));
        }

        @ConcurrencyTest
        void atomicClaim(@TempDir Path dir) throws Exception {
            Cases.atomicClaim(RelayDatabase.create(dir, busy()));
        }

        @ConcurrencyTest
        void checkThenAct(@TempDir Path dir) throws Exception {
            Cases.checkThenAct(RelayDatabase.create(dir, busy()));
        }

        @ConcurrencyTest
        void recordFirst(@TempDir Path dir) throws Exception {
            Cases.recordFirst(RelayDatabase.create(dir, busy()));
        }
    }

    static class DriverDefaultsCases extends SqliteCases {
        @Override
        Busy busy() {
            return Busy.DRIVER_DEFAULTS;
        }
    }

    static class RetryOnBusyCases extends SqliteCases {
        @Override
        Busy busy() {
            return Busy.RETRY;
        }
    }

    /** One schedule of each case: two instances, then exactly-once read back from the file. */
    static final class Cases {
        private Cases() {}

        static void relayWithoutClaim(RelayDatabase database) throws Exception {
            TwoInstances.run(database, Relays::relayWithoutClaim, Relays::relayWithoutClaim);
            assertSentOnce(database);
        }

        static void atomicClaim(RelayDatabase database) throws Exception {
            TwoInstances.run(
                    database,
                    connection -> Relays.relayWithAtomicClaim(connection, "relay-a"),
                    connection -> Relays.relayWithAtomicClaim(connection, "relay-b"));
            assertSentOnce(database);
        }

        static void checkThenAct(RelayDatabase database) throws Exception {
            TwoInstances.run(
                    database,
                    connection -> Consumers.checkThenAct(connection, RelayDatabase.MESSAGE_ID),
                    connection -> Consumers.checkThenAct(connection, RelayDatabase.MESSAGE_ID));
            assertAppliedOnce(database);
        }

        static void recordFirst(RelayDatabase database) throws Exception {
            TwoInstances.run(
                    database,
                    connection -> Consumers.recordFirst(connection, RelayDatabase.MESSAGE_ID),
                    connection -> Consumers.recordFirst(connection, RelayDatabase.MESSAGE_ID));
            assertAppliedOnce(database);
        }

        private static void assertSentOnce(RelayDatabase database) throws Exception {
            for (long id = 1; id <= RelayDatabase.MESSAGES; id++) {
                Assertions.assertEquals(1, database.timesSent(id), "sent once: outbox row " + id);
            }
        }

        private static void assertAppliedOnce(RelayDatabase database) throws Exception {
            Assertions.assertEquals(
                    1,
                    database.timesApplied(RelayDatabase.MESSAGE_ID),
                    "applied once: message " + RelayDatabase.MESSAGE_ID);
        }
    }
}
