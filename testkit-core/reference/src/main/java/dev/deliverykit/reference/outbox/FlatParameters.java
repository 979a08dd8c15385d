package dev.deliverykit.reference.outbox;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.deliverykit.reference.internal.json.CanonicalJson;
import dev.deliverykit.reference.internal.json.JsonValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;

/**
 * Validation and canonical JSON of the small flat maps this package stores: event payloads, command
 * payloads and a receiver's core parameters.
 *
 * <p>Only text, integers and booleans are accepted because only those compare exactly after a round
 * trip through JSON (a double or a {@code BigDecimal} could change its text and so its digest). Nested
 * values are rejected to keep the digest a function of a flat, bounded object. The shared
 * {@link CanonicalJson} only writes JSON; reading a stored payload back is done here.
 */
final class FlatParameters {

    /** Largest canonical JSON accepted, in UTF-8 bytes. */
    static final int MAX_CANONICAL_BYTES = 4096;

    private static final JsonFactory FACTORY = new JsonFactory();

    private FlatParameters() {}

    /**
     * The canonical JSON of {@code parameters} after checking them; {@code owner} names them in error
     * messages, for example {@code "core parameters of tenantA:reserve42"}.
     */
    static String canonical(Map<String, ?> parameters, String owner) {
        Objects.requireNonNull(parameters, () -> owner + " must not be null; pass Map.of() when there are none");
        for (Map.Entry<String, ?> entry : parameters.entrySet()) {
            String name = entry.getKey();
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException(
                        owner + " contain a null or blank parameter name; every" + " name must be non-blank text");
            }
            Object value = entry.getValue();
            if (value == null) {
                throw new IllegalArgumentException(owner + ": parameter '" + name + "' is null; leave it out"
                        + " or give it a text, integer or boolean value");
            }
            if (!isScalar(value)) {
                throw new IllegalArgumentException(owner + ": parameter '" + name + "' is a "
                        + value.getClass().getName() + "; only text, integers (Byte, Short, Integer, Long) and"
                        + " booleans compare exactly, so flatten nested values and send decimals as text");
            }
        }
        String json = CanonicalJson.write(parameters);
        int bytes = json.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CANONICAL_BYTES) {
            throw new IllegalArgumentException(owner + " are " + bytes + " bytes of canonical JSON, more than"
                    + " the limit of " + MAX_CANONICAL_BYTES + "; send a reference to large data (an id),"
                    + " not the data itself");
        }
        return json;
    }

    /** Reads back a map that {@link #canonical} wrote; the result is unmodifiable. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(String canonicalJson) {
        Object value;
        try (JsonParser parser = FACTORY.createParser(canonicalJson)) {
            value = parser.nextToken() == null ? null : JsonValues.read(parser);
            if (parser.nextToken() != null) {
                value = null;
            }
        } catch (JsonProcessingException e) {
            throw notAnObject(canonicalJson, e);
        } catch (IOException e) {
            throw new UncheckedIOException("reading JSON from a string cannot fail", e);
        }
        if (!(value instanceof Map)) {
            throw notAnObject(canonicalJson, null);
        }
        return Collections.unmodifiableMap((Map<String, Object>) value);
    }

    private static IllegalStateException notAnObject(String json, Throwable cause) {
        return new IllegalStateException(
                "stored payload " + json + " is not a JSON object; it was"
                        + " not written by this package, so check what else writes to the table",
                cause);
    }

    private static boolean isScalar(Object value) {
        return value instanceof String
                || value instanceof Boolean
                || value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte;
    }
}
