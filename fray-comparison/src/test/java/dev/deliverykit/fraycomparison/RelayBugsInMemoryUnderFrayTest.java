package dev.deliverykit.fraycomparison;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The control: the same four cases over {@link InMemoryRelays}, where Fray sees every step. Each bug is found
 * and each twin is green over all 1000 schedules.
 */
class RelayBugsInMemoryUnderFrayTest {

    @Test
    void relayWithoutClaim() {
        FrayRun run = FrayRun.of("relay without claim, in memory", InMemoryCases.class, "relayWithoutClaim");

        assertThat(run.outcome()).isEqualTo(Outcome.EXACTLY_ONCE_BROKEN);
    }

    @Test
    void checkThenAct() {
        FrayRun run = FrayRun.of("check-then-act consumer, in memory", InMemoryCases.class, "checkThenAct");

        assertThat(run.outcome()).isEqualTo(Outcome.EXACTLY_ONCE_BROKEN);
    }

    @Test
    void atomicClaim() {
        FrayRun run = FrayRun.of("relay with atomic claim, in memory", InMemoryCases.class, "atomicClaim");

        assertThat(run.outcome()).isEqualTo(Outcome.GREEN);
        assertThat(run.schedulesRun()).isEqualTo(1000);
    }

    @Test
    void recordFirst() {
        FrayRun run = FrayRun.of("record-first consumer, in memory", InMemoryCases.class, "recordFirst");

        assertThat(run.outcome()).isEqualTo(Outcome.GREEN);
        assertThat(run.schedulesRun()).isEqualTo(1000);
    }

    /** Each method takes the unused directory only to share {@link FrayRun}'s selector with the SQLite cases. */
    @ExtendWith(FrayTestExtension.class)
    static class InMemoryCases {
        @ConcurrencyTest
        void relayWithoutClaim(@TempDir Path unused) throws Exception {
            InMemoryRelays relays = new InMemoryRelays();
            both(relays::relayWithoutClaim, relays::relayWithoutClaim);
            assertSentOnce(relays);
        }

        @ConcurrencyTest
        void atomicClaim(@TempDir Path unused) throws Exception {
            InMemoryRelays relays = new InMemoryRelays();
            both(() -> relays.relayWithAtomicClaim("relay-a"), () -> relays.relayWithAtomicClaim("relay-b"));
            assertSentOnce(relays);
        }

        @ConcurrencyTest
        void checkThenAct(@TempDir Path unused) throws Exception {
            InMemoryRelays relays = new InMemoryRelays();
            both(
                    () -> relays.checkThenAct(RelayDatabase.MESSAGE_ID),
                    () -> relays.checkThenAct(RelayDatabase.MESSAGE_ID));
            assertAppliedOnce(relays);
        }

        @ConcurrencyTest
        void recordFirst(@TempDir Path unused) throws Exception {
            InMemoryRelays relays = new InMemoryRelays();
            both(
                    () -> relays.recordFirst(RelayDatabase.MESSAGE_ID),
                    () -> relays.recordFirst(RelayDatabase.MESSAGE_ID));
            assertAppliedOnce(relays);
        }

        private static void both(Runnable a, Runnable b) throws InterruptedException {
            Thread first = new Thread(a, "instance-a");
            Thread second = new Thread(b, "instance-b");
            first.start();
            second.start();
            first.join();
            second.join();
        }

        private static void assertSentOnce(InMemoryRelays relays) {
            for (long id = 1; id <= RelayDatabase.MESSAGES; id++) {
                Assertions.assertEquals(1, relays.broker.getOrDefault(id, 0), "sent once: outbox row " + id);
            }
        }

        private static void assertAppliedOnce(InMemoryRelays relays) {
            Assertions.assertEquals(
                    1,
                    relays.effects.getOrDefault(RelayDatabase.MESSAGE_ID, 0),
                    "applied once: message " + RelayDatabase.MESSAGE_ID);
        }
    }
}
