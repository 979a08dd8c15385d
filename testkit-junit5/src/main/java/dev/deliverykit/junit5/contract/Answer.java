package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a receiver answered a request, in the contract's words; an adapter maps its service's own answer onto one of
 * these. Only {@link #EXECUTED} made an effect.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Answer {
    /** A new key: the effect (and whatever the receiver remembers of it) was committed by this call. */
    EXECUTED,
    /** A known key with the same parameters: the stored result, no new effect. */
    REPLAYED,
    /** A known key with other parameters: rejected, no effect, never a success. */
    CONFLICT,
    /** A key of an epoch already cleaned up and sealed: rejected whether or not it was seen, no effect. */
    CLOSED,
    /** A known key with the same parameters whose stored result was dropped (a tombstone): no effect, no result. */
    RESULT_EXPIRED
}
