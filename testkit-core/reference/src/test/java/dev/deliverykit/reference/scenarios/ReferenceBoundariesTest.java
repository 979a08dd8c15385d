package dev.deliverykit.reference.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.UnknownBoundaryException;
import dev.deliverykit.reference.outbox.DeliveryBoundary;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference catalogue names every boundary of protocols.md with a public selector, and a plan on it
 * that names no boundary, or one the run never reaches, fails loudly with the whole story.
 */
class ReferenceBoundariesTest {

    private static final String OUTBOX = "dev.deliverykit.reference.outbox.";
    private static final String ORDERED = "dev.deliverykit.reference.ordered.";
    private static final String RETENTION = "dev.deliverykit.reference.retention.";

    /** What a run of {@link AdvanceOnly} reaches: the producer's statements and its three boundaries. */
    private static final String ADVANCE_ONLY_REACHED = """
            Reached boundaries (hits):
              after statement "PRAGMA busy_timeout = 5000": 1
              after statement "PRAGMA journal_mode = WAL": 1
              after statement "PRAGMA synchronous = FULL": 1
              after statement "PRAGMA foreign_keys = ON": 1
              after statement "BEGIN IMMEDIATE": 2
              after statement "CREATE TABLE IF NOT EXISTS flow(flow_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL, amount INTEGER NOT NULL)": 1
              after statement "CREATE TABLE IF NOT EXISTS outbox(event_id TEXT PRIMARY KEY, flow_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, accepted INTEGER NOT NULL DEFAULT 0 CHECK(accepted IN (0,1)), UNIQUE(flow_id, seq))": 1
              after statement "CREATE INDEX IF NOT EXISTS outbox_unaccepted ON outbox(flow_id, seq) WHERE accepted = 0": 1
              after commit: 2
              after statement "COMMIT": 2
              after statement "SELECT body FROM outbox WHERE event_id = ?": 1
              after statement "SELECT flow_id, seq, state, amount FROM flow WHERE flow_id = ?": 1
              "producer.after-flow-update" (after statement matching /^INSERT INTO flow\\(/): 1
              after statement "INSERT INTO flow(flow_id, seq, state, amount) VALUES (?, ?, ?, ?) ON CONFLICT(flow_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, amount = excluded.amount": 1
              "producer.after-outbox-insert" (after statement matching /^INSERT INTO outbox\\(event_id,/): 1
              after statement "INSERT INTO outbox(event_id, flow_id, seq, body) VALUES (?, ?, ?, ?)": 1
              "producer.after-commit" (normal exit of dev.deliverykit.reference.ordered.OrderedProducer#advance(dev.deliverykit.reference.ordered.Event,long)): 1
            Expected:\s""";

    @TempDir
    Path dir;

    @Test
    void namesEveryBoundaryOfTheContractInItsOrderWithPublicSelectors() {
        assertThat(ReferenceBoundaries.catalogue().name()).isEqualTo("reference");
        assertThat(ReferenceBoundaries.catalogue().boundaries())
                .extracting(Boundary::name, b -> b.selector().spec())
                .containsExactly(
                        tuple(
                                "delivery.before-local-record",
                                "method-entry:" + OUTBOX + "Orchestrator#submit(" + OUTBOX + "ReservationIntent)"),
                        tuple(
                                "delivery.after-local-record",
                                "method-entry:" + OUTBOX + "ReservationClient#send(" + OUTBOX + "OutboxCommand)"),
                        tuple(
                                "delivery.after-remote-effect.without-dedup",
                                "method-exit:" + OUTBOX + "WarehouseWithoutDedup#reserve(" + OUTBOX
                                        + "IdempotencyKey,java.util.Map)"),
                        tuple(
                                "delivery.after-remote-effect.atomic-receipt",
                                "method-exit:" + OUTBOX + "WarehouseWithAtomicReceipt#reserve(" + OUTBOX
                                        + "IdempotencyKey,java.util.Map)"),
                        tuple(
                                "delivery.after-response",
                                "method-exit:" + OUTBOX + "ReservationClient#send(" + OUTBOX + "OutboxCommand)"),
                        tuple(
                                "delivery.after-done-mark",
                                "method-exit:" + OUTBOX + "Orchestrator#deliver(" + OUTBOX + "OutboxCommand)"),
                        tuple("producer.after-flow-update", "after-statement:^INSERT INTO flow\\("),
                        tuple("producer.after-outbox-insert", "after-statement:^INSERT INTO outbox\\(event_id,"),
                        tuple(
                                "producer.after-commit",
                                "method-exit:" + ORDERED + "OrderedProducer#advance(" + ORDERED + "Event,long)"),
                        tuple(
                                "consumer.after-inbox-insert",
                                "after-statement:^INSERT INTO inbox\\(event_id, flow_id, seq, body\\) VALUES"),
                        tuple(
                                "consumer.after-receive-commit",
                                "method-exit:" + ORDERED + "OrderedConsumer#receive(" + ORDERED + "Event)"),
                        tuple("relay.after-accepted-update", "after-statement:^UPDATE outbox SET accepted = 1 WHERE"),
                        tuple(
                                "relay.after-accepted-commit",
                                "method-exit:" + ORDERED + "Relay#markAccepted(java.lang.String)"),
                        tuple("apply.after-projection-update", "after-statement:^INSERT INTO projection\\("),
                        tuple("apply.after-applied-mark", "after-statement:^UPDATE inbox SET state = 'applied'"),
                        tuple(
                                "apply.after-commit",
                                "method-exit:" + ORDERED + "OrderedConsumer#apply(java.lang.String)"),
                        tuple(
                                "close-and-collect.after-boundary-update",
                                "after-statement:^UPDATE boundary SET closed_through = \\?"),
                        tuple(
                                "close-and-collect.after-receipt-delete",
                                "after-statement:^DELETE FROM receipt WHERE namespace = \\? AND epoch <= \\?"),
                        tuple(
                                "close-and-collect.after-commit",
                                "method-exit:" + RETENTION + "RetentionStore#closeAndCollect(java.lang.String,long)"),
                        tuple("execute.after-effect-insert", "after-statement:^INSERT INTO effect\\(namespace,"),
                        tuple(
                                "execute.after-commit",
                                "method-exit:" + RETENTION
                                        + "RetentionStore#execute(java.lang.String,long,java.lang.String,java.lang.String)"));
    }

    @Test
    void onlyTheRemoteEffectBoundaryDependsOnTheProtocolsWarehouse() {
        for (DeliveryProtocol protocol : DeliveryProtocol.values()) {
            assertThat(List.of(DeliveryBoundary.values()).stream()
                            .map(boundary -> ReferenceBoundaries.deliveryBoundary(protocol, boundary))
                            .toList())
                    .as(protocol.name())
                    .containsExactly(
                            "delivery.before-local-record",
                            "delivery.after-local-record",
                            protocol == DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT
                                    ? "delivery.after-remote-effect.atomic-receipt"
                                    : "delivery.after-remote-effect.without-dedup",
                            "delivery.after-response",
                            "delivery.after-done-mark");
        }
    }

    @Test
    void anUnknownNameFailsAtOnceListingEveryKnownName() {
        assertThatThrownBy(() -> CrashPlan.at(ReferenceBoundaries.catalogue(), "producer.after-outbox-insret"))
                .isInstanceOf(UnknownBoundaryException.class)
                .hasMessageStartingWith(
                        "Unknown boundary \"producer.after-outbox-insret\" in catalogue \"reference\". Known"
                                + " boundaries: delivery.before-local-record, delivery.after-local-record,"
                                + " delivery.after-remote-effect.without-dedup, delivery.after-remote-effect.atomic-receipt,"
                                + " delivery.after-response, delivery.after-done-mark, producer.after-flow-update,"
                                + " producer.after-outbox-insert, producer.after-commit, consumer.after-inbox-insert,"
                                + " consumer.after-receive-commit, relay.after-accepted-update, relay.after-accepted-commit,"
                                + " apply.after-projection-update, apply.after-applied-mark, apply.after-commit,"
                                + " close-and-collect.after-boundary-update, close-and-collect.after-receipt-delete,"
                                + " close-and-collect.after-commit, execute.after-effect-insert, execute.after-commit.")
                .hasMessageContaining("Fix: ");
    }

    @Test
    void aRelayBoundaryInAProcessThatNeverRelaysIsNotReachedInThisJvm() {
        String producerDb = dir.resolve("producer.db").toString();

        assertThatThrownBy(() -> BoundaryEngine.get()
                        .crashInProcess(
                                CrashPlan.at(
                                        ReferenceBoundaries.catalogue(),
                                        ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE),
                                () -> new AdvanceOnly().run(List.of(producerDb))))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 1 of \"relay.after-accepted-update\""
                                + " (after statement matching /^UPDATE outbox SET accepted = 1 WHERE/), but the workload"
                                + " returned normally after reaching it 0 times.\n" + ADVANCE_ONLY_REACHED);
    }

    @Test
    void aSecondProducerCommitInAProcessThatAdvancesOnceIsNotReached() {
        String producerDb = dir.resolve("producer.db").toString();

        assertThatThrownBy(() -> BoundaryEngine.get()
                        .crashInProcess(
                                CrashPlan.at(ReferenceBoundaries.catalogue(), ReferenceBoundaries.PRODUCER_AFTER_COMMIT)
                                        .occurrence(2),
                                () -> new AdvanceOnly().run(List.of(producerDb))))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 2 of \"producer.after-commit\" (normal"
                                + " exit of dev.deliverykit.reference.ordered.OrderedProducer#advance("
                                + "dev.deliverykit.reference.ordered.Event,long)), but the workload returned normally after"
                                + " reaching it 1 time.\n" + ADVANCE_ONLY_REACHED);
    }

    @Test
    void aRelayBoundaryInAChildProcessThatNeverRelaysIsNotReached() {
        String producerDb = dir.resolve("producer.db").toString();

        assertThatThrownBy(() -> BoundaryEngine.get()
                        .crashInChildProcess(
                                CrashPlan.at(
                                        ReferenceBoundaries.catalogue(),
                                        ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE),
                                AdvanceOnly.class,
                                producerDb))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith(
                        "Boundary not reached: the crash was armed at hit 1 of \"relay.after-accepted-update\""
                                + " (after statement matching /^UPDATE outbox SET accepted = 1 WHERE/), but the child JVM"
                                + " running dev.deliverykit.reference.scenarios.AdvanceOnly " + producerDb
                                + " returned normally"
                                + " (exit code 0) after reaching it 0 times.\n" + ADVANCE_ONLY_REACHED);
    }
}
