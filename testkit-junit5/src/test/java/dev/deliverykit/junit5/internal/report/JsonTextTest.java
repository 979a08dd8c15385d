package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * report.json's JSON text is written by the kit's own writer exactly as Jackson's indented output writes it (so a
 * report reads and diffs as it always did), and read back into the same data.
 */
class JsonTextTest {

    private static final ObjectMapper JACKSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A part with every shape the report has: nested objects and arrays, empty ones, nulls, numbers, escapes. */
    private static Map<String, Object> part() {
        Map<String, Object> invariant = new LinkedHashMap<>();
        invariant.put("verdict", "VIOLATED");
        invariant.put("checked", "1 intent key, 0 effect rows");
        invariant.put("violations", 1);
        invariant.put("message", "exactly once per key: violated\n  lost intent: 1 key\n\t\"reserve42\" \\ \u0001 ü €");
        Map<String, Object> invariants = new LinkedHashMap<>();
        invariants.put("exactly once per key", invariant);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("displayName", "crash at after-outbox-insert #1");
        row.put("kind", "CRASH");
        row.put("boundary", "after-outbox-insert");
        row.put("hit", 1);
        row.put("order", null);
        row.put("hits", 12L);
        row.put("invariants", invariants);
        row.put("observations", new LinkedHashMap<>());
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("class", "OrderTest");
        test.put("cases", new ArrayList<>(List.of(row, new LinkedHashMap<>(Map.of("kind", "RECORD")))));
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("format", Report.FORMAT);
        part.put("pid", 4242L);
        part.put("parts", new ArrayList<>());
        part.put("flag", true);
        part.put("tests", new ArrayList<>(List.of(test)));
        return part;
    }

    @Test
    void writesWhatJacksonsIndentedOutputWrote() throws Exception {
        assertThat(JsonText.write(part())).isEqualTo(JACKSON.writeValueAsString(part()));
    }

    @Test
    void readsBackTheSameData() throws Exception {
        String written = JsonText.write(part());

        JsonText.Node read = JsonText.read(written);

        assertThat(JsonText.write(read)).isEqualTo(written);
        assertThat(read.data()).contains(longs(JACKSON.readValue(written, Map.class)));
        JsonText.Node row =
                read.path("tests").iterator().next().path("cases").iterator().next();
        assertThat(row.path("hit").asLong()).isEqualTo(1);
        assertThat(row.path("order").asText("none")).isEqualTo("none");
        assertThat(row.path("missing").isMissing()).isTrue();
        assertThat(row.path("invariants").fields().keySet()).containsExactly("exactly once per key");
        assertThat(row.path("invariants")
                        .path("exactly once per key")
                        .path("message")
                        .asText())
                .isEqualTo("exactly once per key: violated\n  lost intent: 1 key\n\t\"reserve42\" \\ \u0001 ü €");
    }

    @Test
    void refusesWhatIsNotTheReportsJson() {
        assertThatThrownBy(() -> JsonText.read("{\"pid\" : 1.5}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ReportMessages.notJson("a number the report never writes, 1.5", 12));
        assertThatThrownBy(() -> JsonText.read("{\"pid\" : 1} x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(ReportMessages.notJson("text after the JSON value", 12));
    }

    /** Jackson reads small whole numbers as Integer; the codec reads every whole number as Long. */
    @SuppressWarnings("unchecked")
    private static Object longs(Object value) {
        if (value instanceof Integer number) {
            return number.longValue();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((key, field) -> copy.put(key, longs(field)));
            return copy;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(JsonTextTest::longs).toList();
        }
        return value;
    }
}
