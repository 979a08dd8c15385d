package dev.deliverykit.order;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.Event;
import dev.deliverykit.reference.ordered.FlowState;
import dev.deliverykit.testsupport.Db;
import java.util.List;
import java.util.Map;

/** The seed's flow A (amount 3) and readers of the consumer's committed state. */
final class Events {

    static final Event A1 = Event.v1("A1", "A", 1, FlowState.RESERVED, 3);
    static final Event A2 = Event.v1("A2", "A", 2, FlowState.CONFIRMED, 3);
    static final Event A3 = Event.v1("A3", "A", 3, FlowState.RELEASED, 3);
    static final List<Event> FLOW_A = List.of(A1, A2, A3);

    private Events() {}

    /** The event with this id. */
    static Event byId(String id) {
        return FLOW_A.stream()
                .filter(event -> event.eventId().equals(id))
                .findFirst()
                .orElseThrow();
    }

    /** The committed projection of flow A as {@code "state last_seq=n held=n"}, or {@code "(none)"}. */
    static String projectionA(SqliteDatabase db) {
        List<Map<String, Object>> rows =
                Db.rows(db.file(), "SELECT state, last_seq, held FROM projection WHERE flow_id = ?", "A");
        return rows.isEmpty()
                ? "(none)"
                : rows.get(0).get("state") + " last_seq=" + rows.get(0).get("last_seq") + " held="
                        + rows.get(0).get("held");
    }

    /** The committed effects of flow A as {@code "seq kind"}, in the order they were applied. */
    static List<String> effectsA(SqliteDatabase db) {
        return Db.rows(db.file(), "SELECT seq, kind FROM effect WHERE flow_id = ? ORDER BY id", "A").stream()
                .map(row -> row.get("seq") + " " + row.get("kind"))
                .toList();
    }

    /** The committed inbox rows as {@code "event_id state"}, by seq. */
    static List<String> inboxA(SqliteDatabase db) {
        return Db.rows(db.file(), "SELECT event_id, state FROM inbox WHERE flow_id = ? ORDER BY seq", "A").stream()
                .map(row -> row.get("event_id") + " " + row.get("state"))
                .toList();
    }
}
