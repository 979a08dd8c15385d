package dev.deliverykit.reference.internal.json;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Canonical, key-sorted JSON of small bounded objects, and SHA-256 digests of exact strings.
 *
 * <p>Canonical means: keys sorted at every level, no insignificant white space, numbers as Jackson
 * writes them. It is what bodies are compared by; it is not a general JSON canonicalisation scheme.
 *
 * <p>Written with Jackson's streaming generator, not an {@code ObjectMapper}: building a mapper loads hundreds of
 * classes at its first use, and every child JVM of a crash case would pay for them.
 */
@API(status = INTERNAL, since = "0.1")
public final class CanonicalJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private CanonicalJson() {}

    /**
     * The canonical JSON text of {@code value}: maps with text keys (written sorted by key), lists, arrays of
     * objects, text, numbers, booleans and null.
     *
     * @throws IllegalArgumentException for any other value, naming its type
     */
    public static String write(Object value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            write(generator, value, value);
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to a string cannot fail", e);
        }
        return text.toString();
    }

    /** Canonical JSON of a flat map, for parameter digests. */
    public static String write(Map<String, ?> value) {
        return write((Object) value);
    }

    private static void write(JsonGenerator generator, Object value, Object whole) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Boolean bool) {
            generator.writeBoolean(bool);
        } else if (value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte) {
            generator.writeNumber(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            generator.writeNumber(big);
        } else if (value instanceof BigDecimal decimal) {
            generator.writeNumber(decimal);
        } else if (value instanceof Double number) {
            generator.writeNumber(number.doubleValue());
        } else if (value instanceof Float number) {
            generator.writeNumber(number.floatValue());
        } else if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    throw new IllegalArgumentException(
                            "cannot write " + whole + " as JSON: the key " + entry.getKey() + " is not text");
                }
                sorted.put(key, entry.getValue());
            }
            generator.writeStartObject();
            for (Map.Entry<String, Object> entry : sorted.entrySet()) {
                generator.writeFieldName(entry.getKey());
                write(generator, entry.getValue(), whole);
            }
            generator.writeEndObject();
        } else if (value instanceof List<?> || value instanceof Object[]) {
            generator.writeStartArray();
            for (Object element : value instanceof List<?> list ? list : Arrays.asList((Object[]) value)) {
                write(generator, element, whole);
            }
            generator.writeEndArray();
        } else {
            throw new IllegalArgumentException("cannot write " + whole + " as JSON: a "
                    + value.getClass().getName() + " is not a map, list, text, number, boolean or null");
        }
    }

    /** Lower-case hex SHA-256 of the exact UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }
}
