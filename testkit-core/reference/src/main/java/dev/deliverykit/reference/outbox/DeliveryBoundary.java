package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The five crash boundaries of the seed-002 matrix and the code point each one is in this package.
 * Every boundary is a distinct method entry/exit; the statement that coincides with it is named too.
 *
 * <table>
 *   <caption>Boundary to code point</caption>
 *   <tr><th>#</th><th>method point (all protocols)</th><th>statement point</th></tr>
 *   <tr><td>0</td><td>entry of {@link Orchestrator#submit}</td>
 *       <td>before the {@code BEGIN IMMEDIATE} of {@link TransactionalOutbox#append}</td></tr>
 *   <tr><td>1</td><td>entry of {@link ReservationClient#send}</td>
 *       <td>outbox protocols: after the {@code COMMIT} of {@code append} (orchestrator db);
 *           mark-first: after the {@code COMMIT} of {@link TransactionalOutbox#markDone}, which it runs
 *           before sending</td></tr>
 *   <tr><td>2</td><td>normal exit of {@link Warehouse#reserve}</td>
 *       <td>after the warehouse's {@code COMMIT} that follows {@code INSERT INTO effect} (without dedup)
 *           or {@code INSERT INTO receipt} (atomic receipt)</td></tr>
 *   <tr><td>3</td><td>normal exit of {@link ReservationClient#send}</td>
 *       <td>outbox protocols: before the {@code BEGIN IMMEDIATE} of {@code markDone}
 *           (entry of {@link TransactionalOutbox#markDone}); mark-first: no statement follows</td></tr>
 *   <tr><td>4</td><td>normal exit of {@link Orchestrator#deliver}</td>
 *       <td>outbox protocols: after the {@code COMMIT} of {@code markDone}; mark-first: its done mark
 *           was committed before sending, so this is simply after the response</td></tr>
 * </table>
 *
 * <p>Recovery after a crash at any boundary: new instances on the same files, the caller resubmits the
 * same intent ({@link Orchestrator#submit} is idempotent for the local record), then
 * {@link Orchestrator#recover} resends pending rows and never redoes done rows.
 *
 * <pre>{@code
 * for (DeliveryBoundary boundary : DeliveryBoundary.values()) {
 *     System.out.println(boundary.number() + " " + boundary.description());
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum DeliveryBoundary {

    /** 0: the caller has an intent that is not recorded yet. */
    BEFORE_LOCAL_RECORD(0, "before the local record (the caller resubmits the same intent)"),
    /** 1: the intent is recorded (mark-first: and marked done), nothing is sent. */
    AFTER_LOCAL_RECORD(1, "after the local record, before sending"),
    /** 2: the warehouse committed the effect; the orchestrator has not seen the response. */
    AFTER_REMOTE_EFFECT(2, "after the remote effect, before the response is observed"),
    /** 3: the orchestrator holds the response and has not marked the row done (mark-first: already did). */
    AFTER_RESPONSE(3, "after the response, before the local \"done\" mark"),
    /** 4: delivery finished, done mark committed. */
    AFTER_DONE_MARK(4, "after the \"done\" mark");

    private final int number;
    private final String description;

    DeliveryBoundary(int number, String description) {
        this.number = number;
        this.description = description;
    }

    /** The boundary's number in protocols.md (0 to 4). */
    public int number() {
        return number;
    }

    /** The boundary's wording in protocols.md. */
    public String description() {
        return description;
    }
}
