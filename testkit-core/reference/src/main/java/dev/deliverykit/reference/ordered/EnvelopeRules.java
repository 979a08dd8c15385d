package dev.deliverykit.reference.ordered;

import dev.deliverykit.reference.internal.json.CanonicalJson;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The bounds of an event envelope, shared by {@link Event}'s constructor and {@link EnvelopeParser}, so
 * that a hand-built event and a parsed one are judged by the same rules and the same messages.
 */
final class EnvelopeRules {

    /** The six fields, in the order they are checked and reported. */
    static final List<String> FIELDS = List.of("event_id", "flow_id", "seq", "kind", "schema", "payload");

    static final String ID_ALLOWED = "a string of 1 to " + Event.MAX_ID_LENGTH + " characters from A-Z a-z 0-9 . _ : -";
    static final String POSITIVE_ALLOWED = "an integer from 1 to " + Event.MAX_INTEGER;
    static final String KIND_ALLOWED = "one of reserved, confirmed, released";
    static final String PAYLOAD_ALLOWED = "an object of at most " + Event.MAX_PAYLOAD_FIELDS + " fields";
    static final String PAYLOAD_KEY_ALLOWED = "keys of 1 to " + Event.MAX_PAYLOAD_KEY_LENGTH
            + " characters from A-Z a-z 0-9 _ that start with a letter or _";
    static final String PAYLOAD_VALUE_ALLOWED = "a string of at most " + Event.MAX_PAYLOAD_STRING_LENGTH
            + " characters, an integer from -" + Event.MAX_INTEGER + " to " + Event.MAX_INTEGER
            + ", true or false";

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:-]{1," + Event.MAX_ID_LENGTH + "}");
    private static final Pattern PAYLOAD_KEY =
            Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0," + (Event.MAX_PAYLOAD_KEY_LENGTH - 1) + "}");
    /** Longer strings are described by their length, so that a message stays one readable line. */
    private static final int MAX_QUOTED_LENGTH = 40;

    private EnvelopeRules() {}

    static String requireId(String field, String value) {
        if (value == null || !ID.matcher(value).matches()) {
            throw MalformedEnvelopeException.field(field, describe(value), ID_ALLOWED);
        }
        return value;
    }

    static long requirePositive(String field, long value) {
        if (value < 1 || value > Event.MAX_INTEGER) {
            throw MalformedEnvelopeException.field(field, Long.toString(value), POSITIVE_ALLOWED);
        }
        return value;
    }

    static FlowState requireKind(FlowState kind) {
        if (kind == null || kind == FlowState.NEW) {
            throw MalformedEnvelopeException.field(
                    "kind", describe(kind == null ? null : kind.wireName()), KIND_ALLOWED);
        }
        return kind;
    }

    /** A sorted, unmodifiable copy with every integer as a {@link Long}. */
    static SortedMap<String, Object> requirePayload(Map<String, ?> payload) {
        if (payload == null) {
            throw MalformedEnvelopeException.field("payload", "null", PAYLOAD_ALLOWED);
        }
        if (payload.size() > Event.MAX_PAYLOAD_FIELDS) {
            throw MalformedEnvelopeException.field(
                    "payload", "an object of " + payload.size() + " fields", PAYLOAD_ALLOWED);
        }
        SortedMap<String, Object> copy = new TreeMap<>();
        for (Map.Entry<String, ?> entry : payload.entrySet()) {
            String key = requirePayloadKey(entry.getKey());
            copy.put(key, requirePayloadValue("payload." + key, entry.getValue()));
        }
        return Collections.unmodifiableSortedMap(copy);
    }

    static String requirePayloadKey(String key) {
        if (key == null || !PAYLOAD_KEY.matcher(key).matches()) {
            throw MalformedEnvelopeException.field("payload", "the key " + describe(key), PAYLOAD_KEY_ALLOWED);
        }
        return key;
    }

    private static Object requirePayloadValue(String field, Object value) {
        if (value instanceof String text && text.length() <= Event.MAX_PAYLOAD_STRING_LENGTH) {
            return text;
        }
        if (value instanceof Boolean) {
            return value;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long number = ((Number) value).longValue();
            if (Math.abs(number) <= Event.MAX_INTEGER) {
                return number;
            }
        }
        throw MalformedEnvelopeException.field(field, describe(value), PAYLOAD_VALUE_ALLOWED);
    }

    /** How a found Java value is shown in a message. */
    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String text) {
            return describeString(text);
        }
        if (value instanceof Number || value instanceof Boolean) {
            return describeNumberText(value.toString());
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof List || value.getClass().isArray()) {
            return "an array";
        }
        return "a " + value.getClass().getSimpleName();
    }

    static String describeString(String text) {
        if (text.length() > MAX_QUOTED_LENGTH) {
            return "a string of " + text.length() + " characters";
        }
        return CanonicalJson.write(text);
    }

    static String describeNumberText(String text) {
        return text.length() > MAX_QUOTED_LENGTH ? "a number of " + text.length() + " characters" : text;
    }
}
