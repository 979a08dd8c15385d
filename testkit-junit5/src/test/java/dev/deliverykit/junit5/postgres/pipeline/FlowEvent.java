package dev.deliverykit.junit5.postgres.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;

/** The six-field event; its body is canonical, key-sorted JSON, stored and compared as a whole string. */
public record FlowEvent(String eventId, String flowId, long seq, String kind, int schema, int amount) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code {"event_id":"A1","flow_id":"A","kind":"reserved","payload":{"amount":3},"schema":1,"seq":1}}. */
    public String body() {
        Map<String, Object> fields = new TreeMap<>();
        fields.put("event_id", eventId);
        fields.put("flow_id", flowId);
        fields.put("seq", seq);
        fields.put("kind", kind);
        fields.put("schema", schema);
        fields.put("payload", Map.of("amount", amount));
        try {
            return JSON.writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a body back; a payload without {@code amount} reads as amount -1. */
    public static FlowEvent parse(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            return new FlowEvent(
                    node.get("event_id").asText(),
                    node.get("flow_id").asText(),
                    node.get("seq").asLong(),
                    node.get("kind").asText(),
                    node.get("schema").asInt(),
                    node.path("payload").path("amount").asInt(-1));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not an event: " + body, e);
        }
    }
}
