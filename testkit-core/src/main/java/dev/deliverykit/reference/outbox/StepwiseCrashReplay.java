package dev.deliverykit.reference.outbox;

import dev.deliverykit.reference.SqliteDatabase;
import java.util.Objects;

/**
 * A stepwise SIMULATION of the seed-002 crash matrix, until the boundary engine crashes real processes:
 * for boundary {@code k} it calls the public steps of {@link Orchestrator#submit} that complete before
 * {@code k} (and no others), closes every instance as a dead process would lose them, then recovers
 * with new instances on the same files and counts {@code N}.
 *
 * <p>Steps completed before each boundary, in the order {@link Orchestrator#deliver} runs them:
 * <ul>
 *   <li>0: nothing;</li>
 *   <li>1: {@link Orchestrator#record} (mark-first: also {@link TransactionalOutbox#markDone});</li>
 *   <li>2: as 1, then {@link Warehouse#reserve} with the command's key (response dropped unseen);</li>
 *   <li>3: as 1, then {@link ReservationClient#send} (response observed, then dropped);</li>
 *   <li>4: the whole {@link Orchestrator#submit}.</li>
 * </ul>
 * Recovery for every boundary: a new {@link Orchestrator}, {@code submit(intent)} again (the caller
 * resubmits), then {@link Orchestrator#recover}.
 *
 * <p>This replays the order of {@link Orchestrator#deliver} by hand for boundaries 1 to 3, so it proves
 * the recovery logic, not that {@code deliver} itself stops where a crash would; the crash engine will.
 *
 * <pre>{@code
 * StepwiseRun cell = StepwiseCrashReplay.run(DeliveryProtocol.OUTBOX_WITHOUT_DEDUP,
 *         DeliveryBoundary.AFTER_RESPONSE, orchestratorDb, warehouseDb, "tenantA",
 *         new ReservationIntent("reserve42", "P-7", 1));
 * cell.effectsAfterRecovery();   // 2
 * }</pre>
 */
public final class StepwiseCrashReplay {

    private StepwiseCrashReplay() {
    }

    /**
     * Leaves the durable state of a crash at {@code boundary}, recovers, and reports {@code N}. Use fresh
     * database files for every call.
     */
    public static StepwiseRun run(DeliveryProtocol protocol, DeliveryBoundary boundary,
            SqliteDatabase orchestratorDatabase, SqliteDatabase warehouseDatabase, String tenant,
            ReservationIntent intent) {
        Objects.requireNonNull(boundary, "boundary");
        Objects.requireNonNull(intent, "intent");
        long effectsAtCrash;
        try (Orchestrator orchestrator = new Orchestrator(protocol, tenant, orchestratorDatabase, warehouseDatabase)) {
            leaveStateOf(boundary, protocol, orchestrator, orchestratorDatabase, warehouseDatabase, tenant, intent);
            effectsAtCrash = orchestrator.effectCount(intent);
        }
        try (Orchestrator recovered = new Orchestrator(protocol, tenant, orchestratorDatabase, warehouseDatabase)) {
            recovered.submit(intent);
            recovered.recover();
            return new StepwiseRun(protocol, boundary, effectsAtCrash, recovered.effectCount(intent),
                    recovered.pending().size());
        }
    }

    private static void leaveStateOf(DeliveryBoundary boundary, DeliveryProtocol protocol,
            Orchestrator orchestrator, SqliteDatabase orchestratorDatabase, SqliteDatabase warehouseDatabase,
            String tenant, ReservationIntent intent) {
        switch (boundary) {
            case BEFORE_LOCAL_RECORD -> {
                // the process died before recording anything
            }
            case AFTER_DONE_MARK -> orchestrator.submit(intent);
            case AFTER_LOCAL_RECORD, AFTER_REMOTE_EFFECT, AFTER_RESPONSE -> {
                OutboxCommand command = orchestrator.record(intent).commands().get(0);
                // Separate instances on the same files: the steps inside deliver(...) one at a time.
                try (TransactionalOutbox outbox = new TransactionalOutbox(orchestratorDatabase);
                        Warehouse warehouse = Warehouse.forProtocol(protocol, warehouseDatabase)) {
                    if (protocol == DeliveryProtocol.MARK_FIRST) {
                        outbox.markDone(command.commandId());
                    }
                    ReservationClient client = new ReservationClient(tenant, warehouse);
                    if (boundary == DeliveryBoundary.AFTER_REMOTE_EFFECT) {
                        warehouse.reserve(client.keyOf(command), command.payload());
                    } else if (boundary == DeliveryBoundary.AFTER_RESPONSE) {
                        client.send(command);
                    }
                }
            }
        }
    }
}
