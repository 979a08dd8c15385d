package dev.deliverykit.internal.instrument;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What a {@link DeliverySink} decides for one intercepted call.
 *
 * @param kind run the body untracked, run it and report its end, or skip it
 * @param placeholder for {@link Kind#SKIP} of a method with a return value: what the skipped call returns
 *     (a boxed zero or {@code false} for a primitive return type, never {@code null} then)
 */
@API(status = INTERNAL, since = "0.1")
public record CallDecision(Kind kind, Object placeholder) {

    private static final CallDecision PASS = new CallDecision(Kind.PASS, null);
    private static final CallDecision TRACK = new CallDecision(Kind.TRACK, null);

    /** The three things that can happen to an intercepted call. */
    public enum Kind {
        /** Run the body as if nothing intercepted it (a nested call, or a call the kit itself makes). */
        PASS,
        /** Run the body and report how it ended to {@link DeliverySink#left}. */
        TRACK,
        /** Do not run the body; the call returns {@link CallDecision#placeholder()} at once. */
        SKIP
    }

    /** Run the body untracked. */
    public static CallDecision pass() {
        return PASS;
    }

    /** Run the body and report its end. */
    public static CallDecision track() {
        return TRACK;
    }

    /** Skip the body; the call returns {@code placeholder}. */
    public static CallDecision skip(Object placeholder) {
        return new CallDecision(Kind.SKIP, placeholder);
    }
}
