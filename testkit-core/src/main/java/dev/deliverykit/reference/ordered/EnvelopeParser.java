package dev.deliverykit.reference.ordered;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
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
    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY).build();

    private EnvelopeParser() {
    }

    static Event parse(String json) {
        Objects.requireNonNull(json, "json");
        if (json.length() > Event.MAX_ENVELOPE_CHARS) {
            throw MalformedEnvelopeException.envelope("a text of " + json.length() + " characters",
                    "at most " + Event.MAX_ENVELOPE_CHARS + " characters");
        }
        if (json.isBlank()) {
            throw MalformedEnvelopeException.envelope(json.isEmpty() ? "an empty text" : "only white space",
                    "one JSON object");
        }
        return fromTree(readSingleObject(json));
    }

    private static JsonNode readSingleObject(String json) {
        try (JsonParser parser = FACTORY.createParser(new StringReader(json))) {
            JsonNode root = readRoot(parser);
            requireNothingAfter(parser);
            return root;
        } catch (IOException e) {
            // Reading a StringReader cannot fail; JSON errors are JsonProcessingExceptions, translated in readRoot.
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode readRoot(JsonParser parser) throws IOException {
        try {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw MalformedEnvelopeException.envelope("no JSON value", "one JSON object");
            }
            JsonNode root = MAPPER.readTree(parser);
            if (!root.isObject()) {
                throw MalformedEnvelopeException.envelope(describe(root), "one JSON object");
            }
            return root;
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

    private static Event fromTree(JsonNode root) {
        for (Map.Entry<String, JsonNode> property : root.properties()) {
            String name = property.getKey();
            if (!EnvelopeRules.FIELDS.contains(name)) {
                throw MalformedEnvelopeException.field(name, "a field that is not part of the envelope",
                        "exactly the fields " + String.join(", ", EnvelopeRules.FIELDS));
            }
        }
        for (String field : EnvelopeRules.FIELDS) {
            if (!root.has(field)) {
                throw MalformedEnvelopeException.field(field, "nothing (the field is missing)",
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

    private static String id(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (!node.isTextual()) {
            throw MalformedEnvelopeException.field(field, describe(node), EnvelopeRules.ID_ALLOWED);
        }
        return EnvelopeRules.requireId(field, node.textValue());
    }

    private static long positive(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw MalformedEnvelopeException.field(field, describe(node), EnvelopeRules.POSITIVE_ALLOWED);
        }
        return EnvelopeRules.requirePositive(field, node.longValue());
    }

    private static FlowState kind(JsonNode node) {
        FlowState kind = node.isTextual() ? FlowState.fromWireName(node.textValue()).orElse(null) : null;
        if (kind == null || kind == FlowState.NEW) {
            throw MalformedEnvelopeException.field("kind", describe(node), EnvelopeRules.KIND_ALLOWED);
        }
        return kind;
    }

    private static Map<String, Object> payload(JsonNode node) {
        if (!node.isObject()) {
            throw MalformedEnvelopeException.field("payload", describe(node), EnvelopeRules.PAYLOAD_ALLOWED);
        }
        if (node.size() > Event.MAX_PAYLOAD_FIELDS) {
            throw MalformedEnvelopeException.field(
                    "payload", "an object of " + node.size() + " fields", EnvelopeRules.PAYLOAD_ALLOWED);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String key = EnvelopeRules.requirePayloadKey(field.getKey());
            values.put(key, payloadValue("payload." + key, field.getValue()));
        }
        return values;
    }

    /** The Java value of a scalar payload node; anything else is handed on for the rules to refuse by name. */
    private static Object payloadValue(String field, JsonNode value) {
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return value.longValue();
        }
        throw MalformedEnvelopeException.field(field, describe(value), EnvelopeRules.PAYLOAD_VALUE_ALLOWED);
    }

    private static String describe(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isTextual()) {
            return EnvelopeRules.describeString(node.textValue());
        }
        if (node.isNumber()) {
            return EnvelopeRules.describeNumberText(node.asText());
        }
        // true, false or null: the JSON literal says it best.
        return node.asText();
    }
}
