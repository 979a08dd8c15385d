package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The token of a call whose body the entry-point advice skips. Public only because the woven code in
 * application classes tests {@code instanceof SkippedCall} ({@code skipOn}); nothing else uses it.
 */
@API(status = INTERNAL, since = "0.1")
public final class SkippedCall {

    private final Object placeholder;

    SkippedCall(Object placeholder) {
        this.placeholder = placeholder;
    }

    /** What the skipped call returns. */
    Object placeholder() {
        return placeholder;
    }
}
