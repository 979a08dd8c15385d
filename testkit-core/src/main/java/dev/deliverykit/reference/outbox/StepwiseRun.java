package dev.deliverykit.reference.outbox;

/**
 * One cell of the stepwise crash matrix, see {@link StepwiseCrashReplay}.
 *
 * <pre>{@code
 * StepwiseRun cell = StepwiseCrashReplay.run(DeliveryProtocol.MARK_FIRST, DeliveryBoundary.AFTER_LOCAL_RECORD,
 *         orchestratorDb, warehouseDb, "tenantA", intent);
 * cell.effectsAfterRecovery();   // 0: the intent was lost
 * }</pre>
 *
 * @param protocol the protocol run
 * @param boundary the boundary whose durable state was left
 * @param effectsAtCrash {@code N} in the warehouse db right after the simulated crash
 * @param effectsAfterRecovery {@code N} after the caller resubmitted and {@code recover()} ran
 * @param pendingAfterRecovery outbox rows still pending after recovery
 */
public record StepwiseRun(DeliveryProtocol protocol, DeliveryBoundary boundary, long effectsAtCrash,
        long effectsAfterRecovery, long pendingAfterRecovery) {
}
