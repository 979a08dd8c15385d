package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An event envelope that the transport refuses: not JSON, not one bounded object, a missing or unknown
 * field, or a field outside its allowed range. Nothing was stored when this is thrown.
 *
 * <p>The message says where ({@link #subject()}, e.g. {@code field "seq"}), what was found and what is
 * allowed:
 *
 * <pre>{@code
 * try {
 *     Event.parse("{\"event_id\":\"A1\", ...\"seq\":0, ...}");
 * } catch (MalformedEnvelopeException e) {
 *     e.getMessage();  // malformed event envelope: field "seq": found 0; allowed: an integer from 1 to ...
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MalformedEnvelopeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String subject;
    private final String found;
    private final String allowed;

    MalformedEnvelopeException(String subject, String found, String allowed) {
        super("malformed event envelope: " + subject + ": found " + found + "; allowed: " + allowed);
        this.subject = subject;
        this.found = found;
        this.allowed = allowed;
    }

    static MalformedEnvelopeException field(String fieldPath, String found, String allowed) {
        return new MalformedEnvelopeException("field \"" + fieldPath + "\"", found, allowed);
    }

    static MalformedEnvelopeException envelope(String found, String allowed) {
        return new MalformedEnvelopeException("document", found, allowed);
    }

    /** Where the problem is: {@code field "payload.amount"}, or {@code document} for the text as a whole. */
    public String subject() {
        return subject;
    }

    /** What was found there. */
    public String found() {
        return found;
    }

    /** What the transport accepts there. */
    public String allowed() {
        return allowed;
    }
}
