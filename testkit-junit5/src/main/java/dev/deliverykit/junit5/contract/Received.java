package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** What an inbox answered an arriving event, in the contract's words. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Received {
    /** Stored durably; it applies when its predecessors have. */
    ACCEPTED,
    /** The same id with the same body was stored before: nothing new. */
    DUPLICATE,
    /** The same id with another body, or another id at a step already taken: rejected, never a success. */
    CONFLICT
}
