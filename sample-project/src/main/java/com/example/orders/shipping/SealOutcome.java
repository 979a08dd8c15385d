package com.example.orders.shipping;

/** What {@link DedupCleanup#sealThrough(long)} did. */
public enum SealOutcome {
    /** The sealed-through marker rose to the epoch and the dedup records up to it were deleted. */
    SEALED,
    /** The epoch was already sealed (the marker never goes down); nothing changed. */
    ALREADY_SEALED
}
