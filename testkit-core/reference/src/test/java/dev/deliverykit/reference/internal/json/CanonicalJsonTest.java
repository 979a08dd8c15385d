package dev.deliverykit.reference.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Canonical JSON text, and reading JSON back into the plain values it was written from. */
class CanonicalJsonTest {

    @Test
    void keysAreSortedAtEveryLevelWithoutWhiteSpace() {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("units", 3);
        payload.put("amount", 3L);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("seq", 1);
        body.put("payload", payload);
        body.put("event_id", "A1");
        body.put("flags", Arrays.asList(true, null, "x"));

        assertThat(CanonicalJson.write(body))
                .isEqualTo(
                        "{\"event_id\":\"A1\",\"flags\":[true,null,\"x\"],\"payload\":{\"amount\":3,\"units\":3},\"seq\":1}");
    }

    @Test
    void textIsEscapedAsJsonRequiresAndNumbersKeepTheirValue() {
        assertThat(CanonicalJson.write("quote \" backslash \\ tab \t é"))
                .isEqualTo("\"quote \\\" backslash \\\\ tab \\t é\"");
        assertThat(CanonicalJson.write(List.of(new BigInteger("123456789012345678901234567890"), 1.5, -0L, 0.1f)))
                .isEqualTo("[123456789012345678901234567890,1.5,0,0.1]");
    }

    @Test
    void valuesThatAreNotJsonAreRefusedByType() {
        assertThatThrownBy(() -> CanonicalJson.write(Map.of(1, "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot write {1=x} as JSON: the key 1 is not text");
        assertThatThrownBy(() -> CanonicalJson.write(List.of(new StringBuilder("x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot write [x] as JSON: a java.lang.StringBuilder is not a map, list, text, number,"
                        + " boolean or null");
    }

    @Test
    void jsonValuesReadBackWhatWasWrittenWithIntegersSizedAsAnObjectMapperSizesThem() throws Exception {
        String json =
                "{\"b\":[1,2147483648,123456789012345678901234567890,2.5],\"a\":{\"t\":true,\"n\":null},\"s\":\"x\"}";
        Object value;
        try (JsonParser parser = new JsonFactory().createParser(json)) {
            parser.nextToken();
            value = JsonValues.read(parser);
            assertThat(parser.nextToken()).isNull();
        }

        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("t", true);
        inner.put("n", null);
        assertThat(value)
                .isInstanceOf(LinkedHashMap.class)
                .isEqualTo(Map.of(
                        "b",
                        List.of(1, 2147483648L, new BigInteger("123456789012345678901234567890"), 2.5),
                        "a",
                        inner,
                        "s",
                        "x"));
        assertThat(List.copyOf(((Map<?, ?>) value).keySet())).isEqualTo(List.of("b", "a", "s"));
        assertThat(CanonicalJson.write(value))
                .isEqualTo(
                        "{\"a\":{\"n\":null,\"t\":true},\"b\":[1,2147483648,123456789012345678901234567890,2.5],\"s\":\"x\"}");
    }
}
