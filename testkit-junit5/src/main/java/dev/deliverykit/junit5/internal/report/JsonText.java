package dev.deliverykit.junit5.internal.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * JSON text as the report writes it: plain data (objects as insertion-ordered {@code Map<String, Object>}, arrays
 * as {@code List<Object>}, strings, whole numbers, booleans, {@code null}), written indented (two spaces per
 * object level, {@code "name" : value}, arrays inline: {@code [ {...}, {...} ]}) and read back into the same data.
 * Only what the report needs, so that a user's test class path carries no JSON library for it.
 */
final class JsonText {

    private static final String NEWLINE = System.lineSeparator();
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private JsonText() {}

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
                    ReportMessages.notJsonValue(value.getClass().getName(), value));
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
            return new IllegalArgumentException(ReportMessages.notJson(what, at));
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
     * A read-only view of one value of JSON data, for {@link ReportJson} to read: a missing field reads as an
     * empty node, so {@code test.path("totals").path("cases").asLong()} needs no checks. Each node knows where it
     * is ({@code tests[0].cases[2].outcome}), so that a value the report cannot do without is refused by its field.
     */
    static final class Node implements Iterable<Node> {

        private static final Object MISSING = new Object();

        private final Object value;
        private final String where;

        Node(Object value) {
            this(value, "");
        }

        private Node(Object value, String where) {
            this.value = value;
            this.where = where;
        }

        /** The field {@code name} of an object; a missing node for anything else. */
        Node path(String name) {
            String at = where.isEmpty() ? name : where + "." + name;
            return new Node(
                    value instanceof Map<?, ?> object && object.containsKey(name) ? object.get(name) : MISSING, at);
        }

        boolean isMissing() {
            return value == MISSING;
        }

        /** Where this node is in the text read, such as {@code tests[0].cases[2].outcome}; empty for the root. */
        String where() {
            return where;
        }

        /**
         * The whole number (or a string of one).
         *
         * @throws UnexpectedValue when the node is missing or anything else
         */
        long requiredLong() {
            if (value instanceof Long || value instanceof Integer) {
                return ((Number) value).longValue();
            }
            if (value instanceof String text && text.strip().matches("[+-]?[0-9]{1,18}")) {
                return Long.parseLong(text.strip());
            }
            throw unexpected("a whole number");
        }

        /**
         * The constant of {@code type} that this string names.
         *
         * @throws UnexpectedValue when the node is missing, or no string, or names no constant of {@code type}
         */
        <E extends Enum<E>> E required(Class<E> type) {
            for (E constant : type.getEnumConstants()) {
                if (constant.name().equals(value)) {
                    return constant;
                }
            }
            throw unexpected("one of "
                    + Arrays.stream(type.getEnumConstants()).map(Enum::name).collect(Collectors.joining(", ")));
        }

        private UnexpectedValue unexpected(String expected) {
            return new UnexpectedValue(where, isMissing() ? Optional.empty() : Optional.of(write(value)), expected);
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

        /** An array's elements; nothing for anything else. */
        @Override
        public Iterator<Node> iterator() {
            List<Node> elements = new ArrayList<>();
            if (value instanceof List<?> array) {
                array.forEach(element -> elements.add(new Node(element, where + "[" + elements.size() + "]")));
            }
            return elements.iterator();
        }

        /** An object's fields, in order; none for anything else. */
        Map<String, Node> fields() {
            if (!(value instanceof Map<?, ?> object)) {
                return Collections.emptyMap();
            }
            Map<String, Node> fields = new LinkedHashMap<>();
            object.forEach((name, field) -> fields.put((String) name, path((String) name)));
            return fields;
        }

        /** The field {@code name} if it is a string; empty for anything else ({@code null} included). */
        Optional<String> text(String name) {
            Node field = path(name);
            return field.value instanceof String text ? Optional.of(text) : Optional.empty();
        }

        /** The elements of an array of texts, each as its text; none for anything else. */
        List<String> texts() {
            List<String> texts = new ArrayList<>();
            forEach(element -> texts.add(element.data().map(String::valueOf).orElse("")));
            return texts;
        }

        /**
         * The whole number ({@link #requiredLong()}) when there is a value; empty when missing or {@code null}.
         *
         * @throws UnexpectedValue when the value is no whole number
         */
        OptionalLong wholeNumber() {
            return data().isPresent() ? OptionalLong.of(requiredLong()) : OptionalLong.empty();
        }

        /** The data itself: a map, a list, a string, a number, a boolean or {@code null}; empty when missing. */
        Optional<Object> data() {
            return isMissing() ? Optional.empty() : Optional.ofNullable(value);
        }

        @Override
        public String toString() {
            return isMissing() ? "<missing>" : write(value);
        }
    }
}
