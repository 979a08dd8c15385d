package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The three delivery protocols of seed 002, run by {@link Orchestrator}. They differ in two places
 * only: the order of "mark done" and "send" in {@link Orchestrator#deliver}, and which
 * {@link Warehouse} receives.
 *
 * <p>Effect count {@code N} after a crash at each {@link DeliveryBoundary} and recovery
 * (protocols.md, section 1):
 * <pre>
 * protocol                              0  1  2  3  4
 * mark-first (write "done", then send)  1  0  1  1  1
 * outbox without receiver dedup         1  1  2  2  1
 * outbox + atomic receiver receipt      1  1  1  1  1
 * </pre>
 *
 * <pre>{@code
 * try (Orchestrator orchestrator = new Orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, "tenantA",
 *         SqliteDatabase.at(dir.resolve("orchestrator.db")), SqliteDatabase.at(dir.resolve("warehouse.db")))) {
 *     orchestrator.submit(new ReservationIntent("reserve42", "P-7", 1));
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DeliveryProtocol {

    /**
     * Broken on purpose: marks the outbox row done, then sends, to a warehouse without dedup. A crash
     * between the two loses the intent ({@code N = 0} at boundary 1).
     */
    MARK_FIRST("mark-first (write \"done\", then send)"),

    /**
     * Broken on purpose: sends, then marks done, to a warehouse that applies every arrival. A crash
     * after the warehouse's commit and before the done mark resends ({@code N = 2} at boundaries 2, 3).
     */
    OUTBOX_WITHOUT_DEDUP("outbox without receiver dedup"),

    /**
     * Correct: sends, then marks done, to a warehouse that stores a receipt in the same transaction as
     * the effect ({@link IdempotentReceiver}); a resend is replayed ({@code N = 1} everywhere).
     */
    OUTBOX_WITH_ATOMIC_RECEIPT("outbox + atomic receiver receipt");

    private final String label;

    DeliveryProtocol(String label) {
        this.label = label;
    }

    /** The protocol's name in the matrix of protocols.md, for example {@code outbox without receiver dedup}. */
    public String label() {
        return label;
    }
}
