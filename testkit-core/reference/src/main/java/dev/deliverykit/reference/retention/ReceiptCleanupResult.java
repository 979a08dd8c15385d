package dev.deliverykit.reference.retention;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one {@link ReceiptOnlyCleanup#deleteReceiptsThrough} did: receipts deleted, boundary untouched.
 *
 * <pre>{@code
 * ReceiptCleanupResult cleaned = cleanup.deleteReceiptsThrough("demo", 1);
 * cleaned.receiptsDeleted();   // 1, and the late request will now be CREATED again
 * }</pre>
 *
 * @param namespace       the namespace cleaned
 * @param through         receipts with {@code epoch <= through} were deleted
 * @param receiptsDeleted how many receipts were deleted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReceiptCleanupResult(String namespace, long through, int receiptsDeleted) {
}
