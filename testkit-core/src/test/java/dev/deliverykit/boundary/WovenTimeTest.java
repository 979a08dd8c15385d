package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.time.KitClock;
import dev.deliverykit.time.TimeReads;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The instances' own reads of the time on the kit's clock, woven when asked: leases, sleeps, other threads. */
class WovenTimeTest {

    private static final BoundaryEngine ENGINE = BoundaryEngine.get();

    private static final WatchList WATCH = WatchList.of(BoundaryCatalogue.builder("relay")
                    .add("after-claim", Selector.afterStatement("^UPDATE outbox"))
                    .build())
            .withEveryTransactionEnd();

    /** relay-a, then relay-b to its end: relay-a's claim is over before relay-b starts. */
    private static final String A_THEN_B = "relay-a:1,relay-b:1";

    @TempDir
    Path dir;

    @Test
    void aLeaseReadFromCurrentTimeMillisRunsOutWhenTheKitsClockPassesItOnWovenTime() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(2);
        KitClock clock = KitClock.start();

        ScheduledRun run = ENGINE.runSchedule(WATCH, takeOver(relays, clock, TimeReads.WOVEN), A_THEN_B);

        assertThat(run.anyFailed()).isFalse();
        assertThat(relays.claimedBy("relay-a")).isZero();
        assertThat(relays.claimedBy("relay-b")).isEqualTo(2);
        assertThat(leases(relays))
                .containsOnly(KitClock.START.plusSeconds(31 + 30).toEpochMilli());
        assertThat(run.notes()).isEmpty();
    }

    @Test
    void aLeaseReadFromCurrentTimeMillisNeverRunsOutOnTheKitsClockWhenOnlyGiven() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(2);
        KitClock clock = KitClock.start();
        long realBefore = System.currentTimeMillis();

        ScheduledRun run = ENGINE.runSchedule(WATCH, takeOver(relays, clock, TimeReads.GIVEN), A_THEN_B);

        assertThat(run.anyFailed()).isFalse();
        assertThat(relays.claimedBy("relay-a")).isEqualTo(2);
        assertThat(relays.claimedBy("relay-b")).isZero();
        assertThat(leases(relays)).allSatisfy(lease -> assertThat(lease).isGreaterThanOrEqualTo(realBefore + 30_000));
    }

    // tag::advance[]
    /** relay-a claims every row; 31 s pass on the kit's clock; relay-b claims what ran out. */
    private static Instances takeOver(LeasedRelays relays, KitClock clock, TimeReads reads) {
        return Instances.of("relay-a", () -> relays.claim("relay-a"))
                .and("relay-b", () -> {
                    clock.advance(Duration.ofSeconds(31));
                    relays.claim("relay-b");
                })
                .withClock(clock, reads);
    }
    // end::advance[]

    @Test
    void aRelaysThirtySecondBackoffPassesInNoRealTimeAndMovesTheKitsClock() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(2);
        KitClock clock = KitClock.start();
        Map<String, Instant> woke = new ConcurrentHashMap<>();
        Instances backingOff = Instances.of("relay-a", () -> {
                    Thread.sleep(30_000); // the relay's backoff before it retries
                    woke.put("relay-a", Instant.now());
                    relays.claim("relay-a");
                })
                .and("relay-b", () -> {
                    TimeUnit.SECONDS.sleep(20); // from relay-a's wake-up time: the clock is shared
                    woke.put("relay-b", Instant.now());
                    relays.claim("relay-b");
                })
                .withClock(clock, TimeReads.WOVEN);
        long start = System.nanoTime();

        ScheduledRun run = ENGINE.runSchedule(WATCH, backingOff, A_THEN_B);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(run.anyFailed()).isFalse();
        assertThat(woke)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "relay-a", KitClock.START.plusSeconds(30),
                        "relay-b", KitClock.START.plusSeconds(50)));
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(50));
        assertThat(relays.claimedBy("relay-a")).isEqualTo(2);
        assertThat(relays.claimedBy("relay-b")).isZero();
        assertThat(leases(relays)).containsOnly(KitClock.START.plusSeconds(60).toEpochMilli());
    }

    @Test
    void onlyTheInstancesAndTheThreadsTheyStartReadTheKitsClockWhileAnotherThreadReadsTheRealTime() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(1);
        KitClock clock = KitClock.start();
        clock.advance(Duration.ofMinutes(5));
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch answered = new CountDownLatch(1);
        List<Long> outsiderReads = new ArrayList<>();
        Thread outsider = new Thread(() -> {
            try {
                asked.await();
                outsiderReads.add(System.currentTimeMillis());
                outsiderReads.add(Instant.now().toEpochMilli());
                outsiderReads.add(LocalDateTime.now(ZoneOffset.UTC)
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                answered.countDown();
            }
        });
        outsider.start();
        List<Long> instanceReads = new ArrayList<>();
        AtomicLong startedThreadRead = new AtomicLong();
        AtomicReference<Long> nanoTime = new AtomicReference<>();
        Instances reading = Instances.of("relay-a", () -> {
                    instanceReads.add(System.currentTimeMillis());
                    instanceReads.add(Instant.now().toEpochMilli());
                    instanceReads.add(LocalDateTime.now(ZoneOffset.UTC)
                            .toInstant(ZoneOffset.UTC)
                            .toEpochMilli());
                    nanoTime.set(System.nanoTime());
                    Thread started = new Thread(() -> startedThreadRead.set(System.currentTimeMillis()));
                    started.start();
                    started.join();
                    asked.countDown();
                    answered.await();
                    relays.claim("relay-a");
                })
                .withClock(clock, TimeReads.WOVEN);
        long realBefore = System.currentTimeMillis();

        ScheduledRun run = ENGINE.runSchedule(WATCH, reading, "relay-a:1");
        outsider.join();

        assertThat(run.anyFailed()).isFalse();
        long kitNow = KitClock.START.plus(Duration.ofMinutes(5)).toEpochMilli();
        assertThat(instanceReads).containsExactly(kitNow, kitNow, kitNow);
        assertThat(startedThreadRead).hasValue(kitNow);
        assertThat(nanoTime).hasValue(kitNow * 1_000_000);
        assertThat(outsiderReads).hasSize(3).allSatisfy(read -> assertThat(read).isGreaterThanOrEqualTo(realBefore));
        assertThat(realBefore).isNotEqualTo(kitNow);
    }

    @Test
    void aLeaseTheDatabaseComputesIsNotedOnTheRunOfInstancesOnTheKitsClock() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(2);
        Instances onDatabaseTime = Instances.of("relay-a", () -> relays.claimOnDatabaseTime("relay-a"))
                .and("relay-b", () -> relays.claimOnDatabaseTime("relay-b"));

        ScheduledRun onKitClock =
                ENGINE.runSchedule(WATCH, onDatabaseTime.withClock(KitClock.start(), TimeReads.WOVEN), A_THEN_B);
        relays.reset(2);
        ScheduledRun onRealClock = ENGINE.runSchedule(WATCH, onDatabaseTime, A_THEN_B);

        assertThat(onKitClock.notes())
                .containsExactly(
                        InstanceMessages.databaseTime("relay-a", "strftime('%s', 'now')", LeasedRelays.DATABASE_CLAIM)
                                .sentences(),
                        InstanceMessages.databaseTime("relay-b", "strftime('%s', 'now')", LeasedRelays.DATABASE_CLAIM)
                                .sentences());
        assertThat(onRealClock.notes()).isEmpty();
    }

    @Test
    void aClockNobodyReadsOrMovesMakesNoDatabaseTimeWrong() throws Exception {
        LeasedRelays relays = new LeasedRelays(dir);
        relays.reset(2);
        Instances onDatabaseTime = Instances.of("relay-a", () -> relays.claimOnDatabaseTime("relay-a"))
                .and("relay-b", () -> relays.claimOnDatabaseTime("relay-b"));

        ScheduledRun onAGivenClock = ENGINE.runSchedule(WATCH, onDatabaseTime.withClock(KitClock.start()), A_THEN_B);

        assertThat(onAGivenClock.notes()).isEmpty();
    }

    /** Each row's lease, read back with plain JDBC. */
    private static List<Long> leases(LeasedRelays relays) throws Exception {
        List<Long> leases = new ArrayList<>();
        try (Connection outbox = relays.outbox();
                Statement statement = outbox.createStatement();
                ResultSet rows = statement.executeQuery("SELECT claimed_until FROM outbox ORDER BY id")) {
            while (rows.next()) {
                leases.add(rows.getLong(1));
            }
        }
        return leases;
    }
}
