package dev.deliverykit.benchmarks.pipeline;

import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.AdvanceOutcome;
import dev.deliverykit.reference.ordered.DrainResult;
import dev.deliverykit.reference.ordered.DrainStop;
import dev.deliverykit.reference.ordered.Effect;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.reference.ordered.OrderedConsumer;
import dev.deliverykit.reference.ordered.OrderedProducer;
import dev.deliverykit.reference.ordered.Projection;
import dev.deliverykit.reference.ordered.Relay;
import dev.deliverykit.reference.ordered.RelayOutcome;
import java.nio.file.Path;
import java.util.List;

/**
 * One crash case of the ten-boundary table (protocols.md section 2) on the reference pipeline, as a user's
 * test would write it: the workload advances A1, relays it once and drains flow A; the process dies at a
 * boundary; recovery opens new instances on the same two files, re-advances A1, relays until idle and
 * drains; the check demands exactly one A1 effect and projection {@code reserved, last_seq=1, held=3}.
 *
 * <pre>{@code
 * CrashCase.crashRecoverAndCheck(dir, OrderedBoundaries.APPLY_AFTER_COMMIT);   // throws if an invariant broke
 * }</pre>
 */
public final class CrashCase {

    /** The one event of the table. */
    public static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);

    private static final Projection EXPECTED_PROJECTION = new Projection("A", 1, FlowState.RESERVED, 3);
    private static final List<Effect> EXPECTED_EFFECTS = List.of(new Effect("A1", "A", 1, FlowState.RESERVED));
    private static final int RELAY_LIMIT = 10;

    private CrashCase() {}

    /** The producer database of a case directory. */
    public static SqliteDatabase producerDb(Path dir) {
        return SqliteDatabase.at(dir.resolve("producer.db"));
    }

    /** The consumer database of a case directory. */
    public static SqliteDatabase consumerDb(Path dir) {
        return SqliteDatabase.at(dir.resolve("consumer.db"));
    }

    /** The process of the table: advance A1 with expected_seq 0, relay it once, drain A. */
    public static void workload(Path dir) {
        SqliteDatabase producerDb = producerDb(dir);
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb(dir));
                Relay relay = new Relay(producerDb, consumer)) {
            producer.advance(A1, 0);
            relay.relay();
            consumer.drain("A", RELAY_LIMIT);
        }
    }

    /** In this JVM: the workload dies at the boundary (engine API), then recovery and check. */
    public static CrashResult crashRecoverAndCheck(Path dir, String boundary) {
        CrashResult crash = BoundaryEngine.get()
                .crashInProcess(CrashPlan.at(OrderedBoundaries.catalogue(), boundary), () -> workload(dir));
        requireCrashedAt(crash, boundary);
        recoverAndCheck(dir);
        return crash;
    }

    /** Fails unless the run died at the first hit of {@code boundary}. */
    public static void requireCrashedAt(CrashResult crash, String boundary) {
        String expected = "boundary=" + boundary + ";hit=1";
        if (!expected.equals(crash.replayKey())) {
            throw new IllegalStateException("the crash run died at " + crash.replayKey() + ", expected " + expected
                    + "; the benchmark would time the wrong case. Check the boundary's selector against the reference"
                    + " code's Javadoc.");
        }
    }

    /** The same case without the kit: the whole workload, then the same recovery and check. */
    public static void runRecoverAndCheckWithoutCrash(Path dir) {
        workload(dir);
        recoverAndCheck(dir);
    }

    /**
     * Recovery by new instances on the same files, then the invariant check of the table.
     *
     * @throws IllegalStateException if recovery does not end with exactly one A1 effect and the expected projection
     */
    public static void recoverAndCheck(Path dir) {
        SqliteDatabase producerDb = producerDb(dir);
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb(dir));
                Relay relay = new Relay(producerDb, consumer)) {
            AdvanceOutcome readvanced = producer.advance(A1, 0);
            if (readvanced != AdvanceOutcome.COMMITTED && readvanced != AdvanceOutcome.EXISTING) {
                throw violated(dir, "re-advancing A1 answered " + readvanced + ", expected COMMITTED or EXISTING");
            }
            int relayed = 0;
            while (relay.relay().outcome() != RelayOutcome.IDLE) {
                if (++relayed == RELAY_LIMIT) {
                    throw violated(dir, "the relay never became idle in " + RELAY_LIMIT + " calls");
                }
            }
            DrainResult drained = consumer.drain("A", RELAY_LIMIT);
            if (drained.stop() != DrainStop.IDLE) {
                throw violated(dir, "draining A stopped with " + drained.stop() + ", expected IDLE");
            }
            List<Effect> effects = consumer.effects("A");
            Projection projection = consumer.projection("A");
            if (!effects.equals(EXPECTED_EFFECTS) || !projection.equals(EXPECTED_PROJECTION)) {
                throw violated(
                        dir,
                        "after recovery effects=" + effects + " projection=" + projection + ", expected "
                                + EXPECTED_EFFECTS + " and " + EXPECTED_PROJECTION);
            }
        }
    }

    private static IllegalStateException violated(Path dir, String what) {
        return new IllegalStateException("Invariant broken in the crash case in " + dir + ": " + what
                + ". The reference pipeline must recover to exactly one A1 effect (protocols.md section 2);"
                + " a benchmark that times a broken case measures nothing.");
    }
}
