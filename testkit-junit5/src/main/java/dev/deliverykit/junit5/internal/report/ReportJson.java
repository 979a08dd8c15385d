package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The JSON of {@code report.json} and its parts: the report model is plain data (objects as insertion-ordered
 * {@code Map<String, Object>}, arrays as {@code List<Object>}, strings, whole numbers, booleans, {@code null}),
 * written indented as the report always was (two spaces per object level, {@code "name" : value}, arrays
 * inline: {@code [ {...}, {...} ]}) and read back into the same data. Only what the report needs; no
 * dependency a user's test class path would have to carry.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportJson {

    private static final String NEWLINE = System.lineSeparator();
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ReportJson() {}

    /** {@code value} as indented JSON, without a final line break. */
    static String write(Object value) {
        StringBuilder json = new StringBuilder();
        write(json, value, 0);
        return json.toString();
    }

    private static void write(StringBuilder json, Object value, int depth) {
        if (value instanceof Node node) {
            write(json, node.value, depth);
        } else if (value instanceof Map<?, ?> object) {
            writeObject(json, object, depth);
        } else if (value instanceof List<?> array) {
            writeArray(json, array, depth);
        } else if (value instanceof String text) {
            writeString(json, text);
        } else if (value == null || value instanceof Boolean || value instanceof Long || value instanceof Integer) {
            json.append(value);
        } else {
            throw new IllegalArgumentException(
                    "the report holds no " + value.getClass().getName() + ": " + value);
        }
    }

    private static void writeObject(StringBuilder json, Map<?, ?> object, int depth) {
        if (object.isEmpty()) {
            json.append("{ }");
            return;
        }
        json.append('{');
        String separator = "";
        for (Map.Entry<?, ?> entry : object.entrySet()) {
            json.append(separator).append(NEWLINE).append("  ".repeat(depth + 1));
            writeString(json, (String) entry.getKey());
            json.append(" : ");
            write(json, entry.getValue(), depth + 1);
            separator = ",";
        }
        json.append(NEWLINE).append("  ".repeat(depth)).append('}');
    }

    private static void writeArray(StringBuilder json, List<?> array, int depth) {
        if (array.isEmpty()) {
            json.append("[ ]");
            return;
        }
        json.append("[ ");
        String separator = "";
        for (Object element : array) {
            json.append(separator);
            write(json, element, depth);
            separator = ", ";
        }
        json.append(" ]");
    }

    private static void writeString(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20) {
                        json.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }

    /**
     * Reads JSON text into the report's data, as a {@link Node}.
     *
     * @throws IllegalArgumentException naming the position of the first thing that is not JSON
     */
    static Node read(String text) {
        Reader reader = new Reader(text);
        reader.skipWhitespace();
        Object value = reader.value();
        reader.skipWhitespace();
        if (!reader.atEnd()) {
            throw reader.error("text after the JSON value");
        }
        return new Node(value);
    }

    /** A recursive-descent reader of one JSON text. */
    private static final class Reader {

        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        boolean atEnd() {
            return at >= text.length();
        }

        void skipWhitespace() {
            while (!atEnd() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("not the report's JSON: " + what + " at character " + at);
        }

        Object value() {
            if (atEnd()) {
                throw error("end of text where a value belongs");
            }
            char c = text.charAt(at);
            if (c == '{') {
                return object();
            }
            if (c == '[') {
                return array();
            }
            if (c == '"') {
                return string();
            }
            if (text.startsWith("true", at) || text.startsWith("false", at) || text.startsWith("null", at)) {
                String word = text.startsWith("true", at) ? "true" : text.startsWith("false", at) ? "false" : "null";
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
            return number();
        }

        private Map<String, Object> object() {
            Map<String, Object> object = new LinkedHashMap<>();
            elements('}', () -> {
                if (!peek('"')) {
                    throw error("no field name");
                }
                String name = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                object.put(name, value());
            });
            return object;
        }

        private List<Object> array() {
            List<Object> array = new ArrayList<>();
            elements(']', () -> array.add(value()));
            return array;
        }

        /** Reads the comma-separated elements of an object or array, from its opening to its {@code close}. */
        private void elements(char close, Runnable element) {
            at++;
            skipWhitespace();
            if (peek(close)) {
                at++;
                return;
            }
            while (true) {
                skipWhitespace();
                element.run();
                skipWhitespace();
                if (!peek(',')) {
                    expect(close);
                    return;
                }
                at++;
            }
        }

        private String string() {
            StringBuilder value = new StringBuilder();
            at++;
            while (true) {
                if (atEnd()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return value.toString();
                }
                if (c != '\\') {
                    value.append(c);
                    continue;
                }
                if (atEnd()) {
                    throw error("unterminated escape");
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case '"', '\\', '/' -> value.append(escaped);
                    case 'n' -> value.append('\n');
                    case 'r' -> value.append('\r');
                    case 't' -> value.append('\t');
                    case 'b' -> value.append('\b');
                    case 'f' -> value.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw error("short \\u escape");
                        }
                        try {
                            value.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        } catch (NumberFormatException e) {
                            throw error("bad \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw error("unknown escape \\" + escaped);
                }
            }
        }

        private Object number() {
            int start = at;
            while (!atEnd() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            String digits = text.substring(start, at);
            if (digits.isEmpty()) {
                throw error("unexpected '" + text.charAt(at) + "'");
            }
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException notWhole) {
                throw error("a number the report never writes, " + digits);
            }
        }

        private boolean peek(char c) {
            return !atEnd() && text.charAt(at) == c;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("'" + c + "' expected");
            }
            at++;
        }
    }

    /**
     * A read-only view of one value of the report's data, for the renderers: a missing field reads as an empty
     * node, so {@code test.path("totals").path("cases").asLong()} needs no checks.
     */
    public static final class Node implements Iterable<Node> {

        private static final Node MISSING = new Node(new Object());

        private final Object value;

        public Node(Object value) {
            this.value = value;
        }

        /** The field {@code name} of an object; a missing node for anything else. */
        Node path(String name) {
            return value instanceof Map<?, ?> object && object.containsKey(name) ? new Node(object.get(name)) : MISSING;
        }

        /** Element {@code index} of an array; a missing node for anything else. */
        Node get(int index) {
            return value instanceof List<?> array && index >= 0 && index < array.size()
                    ? new Node(array.get(index))
                    : MISSING;
        }

        boolean isMissing() {
            return this == MISSING;
        }

        /** Whether this is a string. */
        boolean isText() {
            return value instanceof String;
        }

        /** The string, number or boolean as text, {@code null} as {@code "null"}; {@code ""} for anything else. */
        String asText() {
            return value == null
                            || value instanceof String
                            || value instanceof Long
                            || value instanceof Integer
                            || value instanceof Boolean
                    ? String.valueOf(value)
                    : "";
        }

        /** As {@link #asText()}, or {@code otherwise} when missing or {@code null}. */
        String asText(String otherwise) {
            return isMissing() || value == null ? otherwise : asText();
        }

        /** The whole number (or a string of one); 0 for anything else. */
        long asLong() {
            if (value instanceof Long || value instanceof Integer) {
                return ((Number) value).longValue();
            }
            if (value instanceof String text) {
                try {
                    return Long.parseLong(text.strip());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
            return 0;
        }

        /** How many elements or fields; 0 for anything else. */
        int size() {
            if (value instanceof List<?> array) {
                return array.size();
            }
            return value instanceof Map<?, ?> object ? object.size() : 0;
        }

        boolean isEmpty() {
            return size() == 0;
        }

        /** An array's elements; nothing for anything else. */
        @Override
        public Iterator<Node> iterator() {
            List<Node> elements = new ArrayList<>();
            if (value instanceof List<?> array) {
                array.forEach(element -> elements.add(new Node(element)));
            }
            return elements.iterator();
        }

        /** An object's fields, in order; none for anything else. */
        Map<String, Node> fields() {
            if (!(value instanceof Map<?, ?> object)) {
                return Collections.emptyMap();
            }
            Map<String, Node> fields = new LinkedHashMap<>();
            object.forEach((name, field) -> fields.put((String) name, new Node(field)));
            return fields;
        }

        /** The data itself: a map, a list, a string, a number, a boolean or {@code null}; empty when missing. */
        Optional<Object> data() {
            return isMissing() ? Optional.empty() : Optional.ofNullable(value);
        }

        /** A deep copy of an object's or array's data, for a merged report to change. */
        Object copy() {
            return copy(value);
        }

        private static Object copy(Object data) {
            if (data instanceof Map<?, ?> object) {
                Map<String, Object> copied = new LinkedHashMap<>();
                object.forEach((name, field) -> copied.put((String) name, copy(field)));
                return copied;
            }
            if (data instanceof List<?> array) {
                List<Object> copied = new ArrayList<>();
                array.forEach(element -> copied.add(copy(element)));
                return copied;
            }
            return data;
        }

        @Override
        public String toString() {
            return isMissing() ? "<missing>" : write(value);
        }
    }
}
