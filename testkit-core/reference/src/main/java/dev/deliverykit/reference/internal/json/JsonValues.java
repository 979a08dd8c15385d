package dev.deliverykit.reference.internal.json;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Reads JSON values into plain Java values with Jackson's streaming parser: objects as {@link LinkedHashMap}
 * (keys in document order), arrays as {@link ArrayList}, text, {@link Boolean}, {@code null}, integers as
 * {@link Integer}, {@link Long} or {@link java.math.BigInteger} by size, other numbers as {@link Double}.
 * These are the types an {@code ObjectMapper} reads into {@code Object}; see {@link CanonicalJson} for why
 * no mapper is used. The parser's own limits and features (duplicate keys, nesting depth) apply as it reads.
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonValues {

    private JsonValues() {
    }

    /**
     * The value whose first token is the parser's current token; afterwards the parser is on the value's last
     * token.
     *
     * @throws IOException what the parser throws, for example a {@code JsonParseException} or a
     *                     {@code StreamConstraintsException}, with the parser still in the failing context
     */
    public static Object read(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null) {
            throw new IllegalStateException("the parser is before the first token; call nextToken() first");
        }
        switch (token) {
            case START_OBJECT:
                Map<String, Object> object = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.put(name, read(parser));
                }
                return object;
            case START_ARRAY:
                List<Object> array = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(read(parser));
                }
                return array;
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getNumberValue();
            case VALUE_NUMBER_FLOAT:
                return parser.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IllegalStateException("a JSON value cannot start with " + token);
        }
    }
}
