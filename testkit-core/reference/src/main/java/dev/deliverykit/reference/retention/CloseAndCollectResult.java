package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one committed {@link RetentionStore#closeAndCollect} did.
 *
 * <pre>{@code
 * CloseAndCollectResult sealed = store.closeAndCollect("demo", 1);
 * sealed.closedThrough();     // 1
 * sealed.receiptsDeleted();   // receipts of epochs 1 and below that the boundary now replaces
 * }</pre>
 *
 * @param namespace             the namespace that was sealed
 * @param previousClosedThrough the boundary before this call (0 if the namespace was never sealed)
 * @param closedThrough         the boundary after this call: requests of this epoch or older are closed
 * @param receiptsDeleted       receipts with {@code epoch <= closedThrough} deleted in the same transaction
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CloseAndCollectResult(
        String namespace, long previousClosedThrough, long closedThrough, int receiptsDeleted) {
}
