package com.example.orders.shipping;

/**
 * The result of {@link DedupCleanup#sealThrough(long)}.
 *
 * @param outcome whether the marker moved
 * @param sealedThrough the marker in force afterwards
 * @param deletedRecords how many {@code processed_message} rows were deleted
 */
public record SealResult(SealOutcome outcome, long sealedThrough, int deletedRecords) {}
