package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One immutable event of an ordered flow: the six-field envelope {@code event_id, flow_id, seq, kind,
 * schema, payload}.
 *
 * <p>{@code event_id} identifies this event, {@code flow_id} the flow whose order it belongs to, and
 * {@code seq} its place in that flow (1, 2, 3). The payload is a small flat object of scalars; what it
 * must contain depends on {@code schema} and is judged when the event is applied, not here: an unknown
 * schema number is a valid envelope. Every constructor and {@link #parse(String)} enforce the transport
 * bounds and throw {@link MalformedEnvelopeException} naming the field, what was found and what is
 * allowed.
 *
 * <pre>{@code
 * Event reserve = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
 * reserve.canonicalBody();
 * // {"event_id":"A1","flow_id":"A","kind":"reserved","payload":{"amount":3},"schema":1,"seq":1}
 * Event same = Event.parse(reserve.canonicalBody());   // equals reserve
 * }</pre>
 *
 * @param eventId identity of this event, 1 to {@value #MAX_ID_LENGTH} characters from {@code A-Z a-z 0-9 . _ : -}
 * @param flowId  the flow the event orders within, same character rules
 * @param seq     position in the flow, 1 to {@value #MAX_INTEGER}
 * @param kind    the state the event moves the flow to; never {@link FlowState#NEW}
 * @param schema  payload format version, 1 to {@value #MAX_INTEGER}; 1 carries {@code amount}, 2 {@code units}
 * @param payload at most {@value #MAX_PAYLOAD_FIELDS} scalar fields (strings, integers, booleans), key-sorted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Event(String eventId, String flowId, long seq, FlowState kind, long schema, Map<String, Object> payload) {

    /** Longest accepted JSON text of an envelope, in characters. */
    public static final int MAX_ENVELOPE_CHARS = 4096;
    /** Longest {@code event_id} or {@code flow_id}. */
    public static final int MAX_ID_LENGTH = 64;
    /** Largest {@code seq}, {@code schema} or payload integer magnitude: 2^53 - 1, exact in every JSON reader. */
    public static final long MAX_INTEGER = 9_007_199_254_740_991L;
    /** Most fields in a payload. */
    public static final int MAX_PAYLOAD_FIELDS = 8;
    /** Longest payload key. */
    public static final int MAX_PAYLOAD_KEY_LENGTH = 32;
    /** Longest payload string value. */
    public static final int MAX_PAYLOAD_STRING_LENGTH = 256;

    /** Validates every field and keeps an unmodifiable, key-sorted copy of the payload. */
    public Event {
        EnvelopeRules.requireId("event_id", eventId);
        EnvelopeRules.requireId("flow_id", flowId);
        EnvelopeRules.requirePositive("seq", seq);
        EnvelopeRules.requireKind(kind);
        EnvelopeRules.requirePositive("schema", schema);
        payload = EnvelopeRules.requirePayload(payload);
    }

    /** A schema-1 event carrying {@code {"amount": amount}}. */
    public static Event v1(String eventId, String flowId, long seq, FlowState kind, long amount) {
        return new Event(eventId, flowId, seq, kind, 1, Map.of("amount", amount));
    }

    /** A schema-2 event carrying {@code {"units": units}}: the same meaning as v1's amount, renamed. */
    public static Event v2(String eventId, String flowId, long seq, FlowState kind, long units) {
        return new Event(eventId, flowId, seq, kind, 2, Map.of("units", units));
    }

    /**
     * Parses and validates one JSON envelope.
     *
     * @throws MalformedEnvelopeException if the text is not exactly one bounded envelope object
     */
    public static Event parse(String json) {
        return EnvelopeParser.parse(json);
    }

    /** The payload integer stored under {@code key}, if there is one. */
    public Optional<Long> payloadInteger(String key) {
        return payload.get(key) instanceof Long value ? Optional.of(value) : Optional.empty();
    }

    /**
     * The canonical JSON text: keys sorted at every level, no white space. Two events are the same event
     * exactly when these strings are equal; this is the {@code body} that outbox and inbox store.
     */
    public String canonicalBody() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event_id", eventId);
        body.put("flow_id", flowId);
        body.put("seq", seq);
        body.put("kind", kind.wireName());
        body.put("schema", schema);
        body.put("payload", payload);
        return CanonicalJson.write(body);
    }
}
