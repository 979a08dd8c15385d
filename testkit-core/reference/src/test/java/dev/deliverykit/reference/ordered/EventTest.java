package dev.deliverykit.reference.ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The six-field envelope: canonical body, round trip, and the same bounds for built and parsed events. */
class EventTest {

    @Test
    void theCanonicalBodyIsKeySortedCompactJson() {
        assertThat(Event.v1("A1", "A", 1, FlowState.RESERVED, 3).canonicalBody())
                .isEqualTo("{\"event_id\":\"A1\",\"flow_id\":\"A\",\"kind\":\"reserved\",\"payload\":{\"amount\":3},"
                        + "\"schema\":1,\"seq\":1}");
        assertThat(new Event("B2", "B", 2, FlowState.CONFIRMED, 4, Map.of("z", true, "a", "x", "m", -7))
                        .canonicalBody())
                .isEqualTo("{\"event_id\":\"B2\",\"flow_id\":\"B\",\"kind\":\"confirmed\","
                        + "\"payload\":{\"a\":\"x\",\"m\":-7,\"z\":true},\"schema\":4,\"seq\":2}");
    }

    @Test
    void parsingTheCanonicalBodyGivesTheSameEvent() {
        Event event = new Event(
                "tenantA:reserve-42",
                "flow.7",
                3,
                FlowState.RELEASED,
                2,
                Map.of("units", 3, "note", "late", "urgent", false));
        assertThat(Event.parse(event.canonicalBody())).isEqualTo(event);
        assertThat(Event.parse(event.canonicalBody()).canonicalBody()).isEqualTo(event.canonicalBody());
    }

    @Test
    void keyOrderAndWhiteSpaceDoNotChangeTheCanonicalBody() {
        Event parsed = Event.parse("\n{ \"payload\" : {\"amount\" : 3}, \"seq\" : 1, \"schema\" : 1,"
                + " \"kind\" : \"reserved\", \"flow_id\" : \"A\", \"event_id\" : \"A1\" }\n");
        assertThat(parsed).isEqualTo(Event.v1("A1", "A", 1, FlowState.RESERVED, 3));
        assertThat(parsed.canonicalBody())
                .isEqualTo(Event.v1("A1", "A", 1, FlowState.RESERVED, 3).canonicalBody());
    }

    @Test
    void anUnknownSchemaIsAValidEnvelope() {
        Event event = Event.parse("{\"event_id\":\"A1\",\"flow_id\":\"A\",\"seq\":1,\"kind\":\"reserved\","
                + "\"schema\":99,\"payload\":{}}");
        assertThat(event.schema()).isEqualTo(99);
        assertThat(event.payload()).isEmpty();
    }

    @Test
    void thePayloadIsAnUnmodifiableSortedCopyWithIntegersAsLongs() {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("b", 2);
        source.put("a", (short) 1);
        Event event = new Event("A1", "A", 1, FlowState.RESERVED, 1, source);
        source.put("c", 3);

        assertThat(List.copyOf(event.payload().keySet())).containsExactly("a", "b");
        assertThat(event.payload()).containsEntry("a", 1L).containsEntry("b", 2L);
        assertThat(event.payloadInteger("b")).contains(2L);
        assertThat(event.payloadInteger("missing")).isEmpty();
        assertThatThrownBy(() -> event.payload().put("x", 1L)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aBuiltEventIsHeldToTheSameBoundsAsAParsedOne() {
        assertThatThrownBy(() -> Event.v1("A1", "A", 0, FlowState.RESERVED, 3))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage(
                        "malformed event envelope: field \"seq\": found 0; allowed: an integer from 1 to 9007199254740991");
        assertThatThrownBy(() -> Event.v1("A1", "A", 1, FlowState.NEW, 3))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage(
                        "malformed event envelope: field \"kind\": found \"new\"; allowed: one of reserved, confirmed, released");
        assertThatThrownBy(() -> Event.v1("A/1", "A", 1, FlowState.RESERVED, 3))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage("malformed event envelope: field \"event_id\": found \"A/1\"; allowed: a string of 1 to 64"
                        + " characters from A-Z a-z 0-9 . _ : -");
        assertThatThrownBy(() -> new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("amount", 3.5)))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage("malformed event envelope: field \"payload.amount\": found 3.5; allowed: a string of at"
                        + " most 256 characters, an integer from -9007199254740991 to 9007199254740991, true or false");
        assertThatThrownBy(() -> new Event("A1", "A", 1, FlowState.RESERVED, 1, Map.of("amount", Map.of("v", 3))))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage(
                        "malformed event envelope: field \"payload.amount\": found an object; allowed: a string of"
                                + " at most 256 characters, an integer from -9007199254740991 to 9007199254740991, true or false");
        assertThatThrownBy(() -> new Event("A1", "A", 1, FlowState.RESERVED, 1, null))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessage(
                        "malformed event envelope: field \"payload\": found null; allowed: an object of at most 8 fields");
    }

    @Test
    void theLifecycleMovesOneStepAtATime() {
        assertThat(FlowState.NEW.next()).contains(FlowState.RESERVED);
        assertThat(FlowState.RESERVED.next()).contains(FlowState.CONFIRMED);
        assertThat(FlowState.CONFIRMED.next()).contains(FlowState.RELEASED);
        assertThat(FlowState.RELEASED.next()).isEmpty();
        assertThat(List.of(FlowState.values()))
                .extracting(state -> state.heldFor(3))
                .containsExactly(0L, 3L, 3L, 0L);
        assertThat(FlowState.fromWireName("confirmed")).contains(FlowState.CONFIRMED);
        assertThat(FlowState.fromWireName("Confirmed")).isEmpty();
    }
}
