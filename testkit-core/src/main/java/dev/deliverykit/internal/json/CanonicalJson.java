package dev.deliverykit.internal.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Canonical, key-sorted JSON of small bounded objects, and SHA-256 digests of exact strings.
 *
 * <p>Canonical means: keys sorted at every level, no insignificant white space, numbers as Jackson
 * writes them. It is what bodies are compared by; it is not a general JSON canonicalisation scheme.
 */
public final class CanonicalJson {

    private static final ObjectMapper WRITER = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private CanonicalJson() {
    }

    /** The canonical JSON text of {@code value} (maps, lists, strings, numbers, booleans, null). */
    public static String write(Object value) {
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Canonical JSON of a flat map, for parameter digests. */
    public static String write(Map<String, ?> value) {
        return write((Object) value);
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
