package dev.deliverykit.reference.ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transport accepts only bounded envelopes: every malformed one is refused by both the producer and
 * the consumer with a message naming the field, what was found and what is allowed, and nothing is
 * stored in either database.
 */
class MalformedEnvelopeTest {

    private static final String PREFIX = "malformed event envelope: ";
    private static final String ID = "a string of 1 to 64 characters from A-Z a-z 0-9 . _ : -";
    private static final String POSITIVE = "an integer from 1 to 9007199254740991";
    private static final String KIND = "one of reserved, confirmed, released";
    private static final String PAYLOAD = "an object of at most 8 fields";
    private static final String SCALAR = "a string of at most 256 characters,"
            + " an integer from -9007199254740991 to 9007199254740991, true or false";
    private static final String FIELDS = "exactly the fields event_id, flow_id, seq, kind, schema, payload";
    private static final String PARSER_LIMITS = "JSON nested at most 3 levels deep, strings of at most 4096"
            + " characters, numbers of at most 100 characters";
    private static final String NESTING = "JSON beyond the parser limits (Document nesting depth (4) exceeds the"
            + " maximum allowed (3, from `StreamReadConstraints.getMaxNestingDepth()`))";

    private static final String VALID = envelope(Map.of(), "");

    @TempDir
    Path dir;

    static Stream<Arguments> malformedEnvelopes() {
        return Stream.of(
                // Not one JSON object.
                malformed(
                        "not JSON at all",
                        "not json",
                        "document: found text that is not JSON at line 1, column 1"
                                + " (Unrecognized token 'not': was expecting (JSON String, Number, Array, Object or token"
                                + " 'null', 'true' or 'false')); allowed: one JSON object"),
                malformed("empty text", "", "document: found an empty text; allowed: one JSON object"),
                malformed("only white space", " \n ", "document: found only white space; allowed: one JSON object"),
                malformed("an array", "[1,2]", "document: found an array; allowed: one JSON object"),
                malformed("a bare string", "\"A1\"", "document: found \"A1\"; allowed: one JSON object"),
                malformed("a bare null", "null", "document: found null; allowed: one JSON object"),
                malformed(
                        "single quotes",
                        "{'event_id':'A1'}",
                        "document: found text that is not JSON at line 1,"
                                + " column 2 (Unexpected character (''' (code 39)): was expecting double-quote to start field"
                                + " name); allowed: one JSON object"),
                malformed(
                        "a trailing comma",
                        "{\"event_id\":\"A1\",}",
                        "document: found text that is not JSON at"
                                + " line 1, column 18 (Unexpected character ('}' (code 125)): was expecting double-quote to"
                                + " start field name); allowed: one JSON object"),
                malformed(
                        "truncated text",
                        VALID.substring(0, 30),
                        "document: found text that is not JSON at"
                                + " line 1, column 31 (Unexpected end-of-input: expected close marker for Object);"
                                + " allowed: one JSON object"),
                malformed(
                        "trailing garbage",
                        VALID + " x",
                        "document: found content after the envelope object at"
                                + " line 1, column 93; allowed: one JSON object followed by nothing but white space"),
                malformed(
                        "two objects",
                        VALID + VALID,
                        "document: found content after the envelope object at"
                                + " line 1, column 92; allowed: one JSON object followed by nothing but white space"),
                malformed(
                        "an oversized document",
                        with("event_id", "\"" + "a".repeat(5000) + "\""),
                        "document: found a text of 5089 characters; allowed: at most 4096 characters"),
                malformed(
                        "a duplicate key",
                        envelope(Map.of(), ",\"seq\":1"),
                        "field \"seq\": found the key twice; allowed: every key at most once"),
                malformed(
                        "a duplicate payload key",
                        with("payload", "{\"amount\":3,\"amount\":3}"),
                        "field \"payload.amount\": found the key twice; allowed: every key at most once"),
                // Missing or unknown fields.
                malformed(
                        "an unknown field",
                        envelope(Map.of(), ",\"extra\":1"),
                        "field \"extra\": found a field that is not part of the envelope; allowed: " + FIELDS),
                malformed(
                        "a missing payload",
                        without("payload"),
                        "field \"payload\": found nothing (the field is missing); allowed: " + FIELDS),
                malformed(
                        "a missing event_id",
                        without("event_id"),
                        "field \"event_id\": found nothing (the field is missing); allowed: " + FIELDS),
                // Identifiers.
                malformed("event_id as a number", with("event_id", "1"), "field \"event_id\": found 1; allowed: " + ID),
                malformed(
                        "an empty event_id",
                        with("event_id", "\"\""),
                        "field \"event_id\": found \"\"; allowed: " + ID),
                malformed(
                        "a space in event_id",
                        with("event_id", "\"A 1\""),
                        "field \"event_id\": found \"A 1\"; allowed: " + ID),
                malformed(
                        "a 65-character event_id",
                        with("event_id", "\"" + "a".repeat(65) + "\""),
                        "field \"event_id\": found a string of 65 characters; allowed: " + ID),
                malformed(
                        "a huge event_id",
                        with("event_id", "\"" + "a".repeat(3000) + "\""),
                        "field \"event_id\": found a string of 3000 characters; allowed: " + ID),
                malformed("a null flow_id", with("flow_id", "null"), "field \"flow_id\": found null; allowed: " + ID),
                malformed(
                        "an object as flow_id",
                        with("flow_id", "{\"id\":\"A\"}"),
                        "field \"flow_id\": found an object; allowed: " + ID),
                malformed(
                        "deeply nested arrays",
                        with("event_id", "[[[[[1]]]]]"),
                        "field \"event_id.0.0\": found " + NESTING + "; allowed: " + PARSER_LIMITS),
                // Sequence and schema.
                malformed("seq as a string", with("seq", "\"1\""), "field \"seq\": found \"1\"; allowed: " + POSITIVE),
                malformed("seq 0", with("seq", "0"), "field \"seq\": found 0; allowed: " + POSITIVE),
                malformed("a negative seq", with("seq", "-1"), "field \"seq\": found -1; allowed: " + POSITIVE),
                malformed("a fractional seq", with("seq", "1.5"), "field \"seq\": found 1.5; allowed: " + POSITIVE),
                malformed("seq written as 1.0", with("seq", "1.0"), "field \"seq\": found 1.0; allowed: " + POSITIVE),
                malformed(
                        "seq beyond 2^53 - 1",
                        with("seq", "9007199254740992"),
                        "field \"seq\": found 9007199254740992; allowed: " + POSITIVE),
                malformed(
                        "seq beyond a long",
                        with("seq", "123456789012345678901234567890"),
                        "field \"seq\": found 123456789012345678901234567890; allowed: " + POSITIVE),
                malformed("seq as a boolean", with("seq", "true"), "field \"seq\": found true; allowed: " + POSITIVE),
                malformed(
                        "seq NaN",
                        with("seq", "NaN"),
                        "document: found text that is not JSON at line 1, column 41"
                                + " (Non-standard token 'NaN': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow);"
                                + " allowed: one JSON object"),
                malformed("schema 0", with("schema", "0"), "field \"schema\": found 0; allowed: " + POSITIVE),
                malformed(
                        "schema as a string",
                        with("schema", "\"1\""),
                        "field \"schema\": found \"1\"; allowed: " + POSITIVE),
                malformed(
                        "a fractional schema",
                        with("schema", "1.5"),
                        "field \"schema\": found 1.5; allowed: " + POSITIVE),
                // Kind.
                malformed(
                        "an unknown kind",
                        with("kind", "\"shipped\""),
                        "field \"kind\": found \"shipped\"; allowed: " + KIND),
                malformed("kind new", with("kind", "\"new\""), "field \"kind\": found \"new\"; allowed: " + KIND),
                malformed(
                        "kind in upper case",
                        with("kind", "\"RESERVED\""),
                        "field \"kind\": found \"RESERVED\"; allowed: " + KIND),
                malformed(
                        "kind as an array",
                        with("kind", "[\"reserved\"]"),
                        "field \"kind\": found an array; allowed: " + KIND),
                // Payload.
                malformed(
                        "payload as an array",
                        with("payload", "[3]"),
                        "field \"payload\": found an array; allowed: " + PAYLOAD),
                malformed(
                        "payload as a string",
                        with("payload", "\"amount=3\""),
                        "field \"payload\": found \"amount=3\"; allowed: " + PAYLOAD),
                malformed(
                        "a null payload",
                        with("payload", "null"),
                        "field \"payload\": found null; allowed: " + PAYLOAD),
                malformed(
                        "an oversized payload",
                        with("payload", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9}"),
                        "field \"payload\": found an object of 9 fields; allowed: " + PAYLOAD),
                malformed(
                        "a nested object in the payload",
                        with("payload", "{\"amount\":{\"value\":3}}"),
                        "field \"payload.amount\": found an object; allowed: " + SCALAR),
                malformed(
                        "a nested array in the payload",
                        with("payload", "{\"amount\":[3]}"),
                        "field \"payload.amount\": found an array; allowed: " + SCALAR),
                malformed(
                        "deep nesting in the payload",
                        with("payload", "{\"a\":{\"b\":{\"c\":1}}}"),
                        "field \"payload.a.b\": found " + NESTING + "; allowed: " + PARSER_LIMITS),
                malformed(
                        "a fractional payload number",
                        with("payload", "{\"amount\":3.5}"),
                        "field \"payload.amount\": found 3.5; allowed: " + SCALAR),
                malformed(
                        "a null payload value",
                        with("payload", "{\"amount\":null}"),
                        "field \"payload.amount\": found null; allowed: " + SCALAR),
                malformed(
                        "a huge payload string",
                        with("payload", "{\"note\":\"" + "x".repeat(257) + "\"}"),
                        "field \"payload.note\": found a string of 257 characters; allowed: " + SCALAR),
                malformed(
                        "a payload integer beyond 2^53 - 1",
                        with("payload", "{\"amount\":9007199254740992}"),
                        "field \"payload.amount\": found 9007199254740992; allowed: " + SCALAR),
                malformed(
                        "a payload key with a space",
                        with("payload", "{\"bad key\":1}"),
                        "field \"payload\": found the key \"bad key\"; allowed: keys of 1 to 32 characters from"
                                + " A-Z a-z 0-9 _ that start with a letter or _"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedEnvelopes")
    void producerAndConsumerRefuseItWithAPreciseMessageAndStoreNothing(String name, String json, String message) {
        SqliteDatabase producerDb = SqliteDatabase.at(dir.resolve("producer.db"));
        SqliteDatabase consumerDb = SqliteDatabase.at(dir.resolve("consumer.db"));
        try (OrderedProducer producer = new OrderedProducer(producerDb);
                OrderedConsumer consumer = new OrderedConsumer(consumerDb)) {
            assertThatThrownBy(() -> consumer.receive(json))
                    .isInstanceOf(MalformedEnvelopeException.class)
                    .hasMessage(message);
            assertThatThrownBy(() -> producer.advance(json, 0))
                    .isInstanceOf(MalformedEnvelopeException.class)
                    .hasMessage(message);
        }
        assertThat(Db.count(consumerDb.file(), "inbox")).isZero();
        assertThat(Db.count(producerDb.file(), "outbox")).isZero();
        assertThat(Db.count(producerDb.file(), "flow")).isZero();
    }

    @Test
    void everyCaseHasItsOwnMessage() {
        List<Object> messages =
                malformedEnvelopes().map(arguments -> arguments.get()[2]).toList();
        assertThat(messages).hasSizeGreaterThanOrEqualTo(20).doesNotHaveDuplicates();
    }

    @Test
    void theValidBaseEnvelopeIsAcceptedSoEachCaseFailsForItsOwnReason() {
        try (OrderedConsumer consumer = new OrderedConsumer(SqliteDatabase.at(dir.resolve("consumer.db")))) {
            assertThat(consumer.receive(VALID)).isEqualTo(ReceiveOutcome.ACCEPTED);
            assertThat(consumer.receive(VALID + " \n\t")).isEqualTo(ReceiveOutcome.DUPLICATE);
        }
    }

    @Test
    void theExceptionNamesItsParts() {
        MalformedEnvelopeException e =
                catchThrowableOfType(MalformedEnvelopeException.class, () -> Event.parse(with("seq", "0")));
        assertThat(e.subject()).isEqualTo("field \"seq\"");
        assertThat(e.found()).isEqualTo("0");
        assertThat(e.allowed()).isEqualTo(POSITIVE);
    }

    private static Arguments malformed(String name, String json, String messageAfterPrefix) {
        return Arguments.of(name, json, PREFIX + messageAfterPrefix);
    }

    private static String with(String field, String rawJson) {
        return envelope(Map.of(field, rawJson), "");
    }

    private static String without(String field) {
        Map<String, String> removed = new LinkedHashMap<>();
        removed.put(field, null);
        return envelope(removed, "");
    }

    /** The valid A1 envelope with some fields replaced by raw JSON (or removed, for null), plus raw extra text. */
    private static String envelope(Map<String, String> replacements, String extraMembers) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("event_id", "\"A1\"");
        fields.put("flow_id", "\"A\"");
        fields.put("seq", "1");
        fields.put("kind", "\"reserved\"");
        fields.put("schema", "1");
        fields.put("payload", "{\"amount\":3}");
        replacements.forEach((field, raw) -> {
            if (raw == null) {
                fields.remove(field);
            } else {
                fields.put(field, raw);
            }
        });
        StringJoiner json = new StringJoiner(",", "{", extraMembers + "}");
        fields.forEach((field, raw) -> json.add("\"" + field + "\":" + raw));
        return json.toString();
    }
}
