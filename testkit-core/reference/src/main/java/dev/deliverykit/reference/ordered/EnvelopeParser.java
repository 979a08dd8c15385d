package dev.deliverykit.reference.ordered;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.deliverykit.reference.internal.json.JsonValues;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Reads one event envelope from JSON text, refusing anything that is not exactly one small, bounded
 * object of the six fields.
 *
 * <p>The parser limits are a backstop against hostile input (deep nesting, huge tokens); the precise
 * field rules, with their precise messages, are in {@link EnvelopeRules}. The nesting limit is one
 * level deeper than a valid envelope needs, so that an object or array inside the payload still
 * reaches those rules and is reported as the payload value it is.
 */
final class EnvelopeParser {

    /** Envelope object, payload object, and one more level so that nested payload values get a field message. */
    private static final int MAX_NESTING_DEPTH = 3;

    private static final int MAX_NUMBER_LENGTH = 100;
    private static final String PARSER_LIMITS_ALLOWED = "JSON nested at most " + MAX_NESTING_DEPTH
            + " levels deep, strings of at most " + Event.MAX_ENVELOPE_CHARS + " characters, numbers of at most "
            + MAX_NUMBER_LENGTH + " characters";
    private static final String DUPLICATE_KEY_PREFIX = "Duplicate field";
    /** Jackson names its (redacted) source inside some messages; the position is reported separately. */
    private static final Pattern SOURCE_REFERENCE = Pattern.compile(" \\(start marker at \\[Source: [^\\]]*\\]\\)");

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxDocumentLength(Event.MAX_ENVELOPE_CHARS)
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxStringLength(Event.MAX_ENVELOPE_CHARS)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private EnvelopeParser() {}

    static Event parse(String json) {
        Objects.requireNonNull(json, "json");
        if (json.length() > Event.MAX_ENVELOPE_CHARS) {
            throw MalformedEnvelopeException.envelope(
                    "a text of " + json.length() + " characters",
                    "at most " + Event.MAX_ENVELOPE_CHARS + " characters");
        }
        if (json.isBlank()) {
            throw MalformedEnvelopeException.envelope(
                    json.isEmpty() ? "an empty text" : "only white space", "one JSON object");
        }
        return fromTree(readSingleObject(json));
    }

    private static Map<String, Object> readSingleObject(String json) {
        try (JsonParser parser = FACTORY.createParser(new StringReader(json))) {
            Map<String, Object> root = readRoot(parser);
            requireNothingAfter(parser);
            return root;
        } catch (IOException e) {
            // Reading a StringReader cannot fail; JSON errors are JsonProcessingExceptions, translated in readRoot.
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readRoot(JsonParser parser) throws IOException {
        try {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw MalformedEnvelopeException.envelope("no JSON value", "one JSON object");
            }
            Object root = JsonValues.read(parser);
            if (!(root instanceof Map)) {
                throw MalformedEnvelopeException.envelope(EnvelopeRules.describe(root), "one JSON object");
            }
            return (Map<String, Object>) root;
        } catch (JsonProcessingException e) {
            throw translate(parser, e);
        }
    }

    private static void requireNothingAfter(JsonParser parser) throws IOException {
        String trailing = "content after the envelope object";
        String allowed = "one JSON object followed by nothing but white space";
        try {
            if (parser.nextToken() != null) {
                throw MalformedEnvelopeException.envelope(
                        trailing + " at " + position(parser.currentTokenLocation()), allowed);
            }
        } catch (JsonProcessingException e) {
            throw MalformedEnvelopeException.envelope(trailing + " at " + position(e.getLocation()), allowed);
        }
    }

    private static MalformedEnvelopeException translate(JsonParser parser, JsonProcessingException e) {
        String path = fieldPath(parser);
        if (e instanceof StreamConstraintsException) {
            String found = "JSON beyond the parser limits (" + e.getOriginalMessage() + ")";
            return path.isEmpty()
                    ? MalformedEnvelopeException.envelope(found, PARSER_LIMITS_ALLOWED)
                    : MalformedEnvelopeException.field(path, found, PARSER_LIMITS_ALLOWED);
        }
        String message = e.getOriginalMessage();
        if (message != null && message.startsWith(DUPLICATE_KEY_PREFIX) && !path.isEmpty()) {
            return MalformedEnvelopeException.field(path, "the key twice", "every key at most once");
        }
        return MalformedEnvelopeException.envelope(
                "text that is not JSON at " + position(e.getLocation()) + " ("
                        + SOURCE_REFERENCE.matcher(String.valueOf(message)).replaceAll("") + ")",
                "one JSON object");
    }

    /** The dotted path of the field the parser is in, e.g. {@code payload.amount}; empty at the top. */
    private static String fieldPath(JsonParser parser) {
        String pointer = parser.getParsingContext().pathAsPointer().toString();
        return pointer.isEmpty() ? "" : pointer.substring(1).replace('/', '.');
    }

    private static String position(JsonLocation location) {
        if (location == null) {
            return "an unknown position";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static Event fromTree(Map<String, Object> root) {
        for (String name : root.keySet()) {
            if (!EnvelopeRules.FIELDS.contains(name)) {
                throw MalformedEnvelopeException.field(
                        name,
                        "a field that is not part of the envelope",
                        "exactly the fields " + String.join(", ", EnvelopeRules.FIELDS));
            }
        }
        for (String field : EnvelopeRules.FIELDS) {
            if (!root.containsKey(field)) {
                throw MalformedEnvelopeException.field(
                        field,
                        "nothing (the field is missing)",
                        "exactly the fields " + String.join(", ", EnvelopeRules.FIELDS));
            }
        }
        return new Event(
                id(root, "event_id"),
                id(root, "flow_id"),
                positive(root, "seq"),
                kind(root.get("kind")),
                positive(root, "schema"),
                payload(root.get("payload")));
    }

    private static String id(Map<String, Object> root, String field) {
        Object value = root.get(field);
        if (!(value instanceof String text)) {
            throw MalformedEnvelopeException.field(field, EnvelopeRules.describe(value), EnvelopeRules.ID_ALLOWED);
        }
        return EnvelopeRules.requireId(field, text);
    }

    private static long positive(Map<String, Object> root, String field) {
        Object value = root.get(field);
        if (!isLong(value)) {
            throw MalformedEnvelopeException.field(
                    field, EnvelopeRules.describe(value), EnvelopeRules.POSITIVE_ALLOWED);
        }
        return EnvelopeRules.requirePositive(field, ((Number) value).longValue());
    }

    /** An integer the parser read as {@code Integer} or {@code Long}: one that fits a long. */
    private static boolean isLong(Object value) {
        return value instanceof Integer || value instanceof Long;
    }

    private static FlowState kind(Object value) {
        FlowState kind =
                value instanceof String text ? FlowState.fromWireName(text).orElse(null) : null;
        if (kind == null || kind == FlowState.NEW) {
            throw MalformedEnvelopeException.field("kind", EnvelopeRules.describe(value), EnvelopeRules.KIND_ALLOWED);
        }
        return kind;
    }

    private static Map<String, Object> payload(Object value) {
        if (!(value instanceof Map<?, ?> object)) {
            throw MalformedEnvelopeException.field(
                    "payload", EnvelopeRules.describe(value), EnvelopeRules.PAYLOAD_ALLOWED);
        }
        if (object.size() > Event.MAX_PAYLOAD_FIELDS) {
            throw MalformedEnvelopeException.field(
                    "payload", "an object of " + object.size() + " fields", EnvelopeRules.PAYLOAD_ALLOWED);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<?, ?> field : object.entrySet()) {
            String key = EnvelopeRules.requirePayloadKey((String) field.getKey());
            values.put(key, payloadValue("payload." + key, field.getValue()));
        }
        return values;
    }

    /** A scalar payload value as the rules take it; anything else is refused by name. */
    private static Object payloadValue(String field, Object value) {
        if (value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (isLong(value)) {
            return ((Number) value).longValue();
        }
        throw MalformedEnvelopeException.field(
                field, EnvelopeRules.describe(value), EnvelopeRules.PAYLOAD_VALUE_ALLOWED);
    }
}
