package dev.deliverykit.reference.ordered;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.testsupport.Db;
import java.util.List;
import java.util.Map;

/** The events of the seed's flows and committed-state readers, shared by the ordered-delivery tests. */
final class Steps {

    static final List<FlowState> KINDS = List.of(FlowState.RESERVED, FlowState.CONFIRMED, FlowState.RELEASED);

    private Steps() {}

    /** Step {@code seq} (1..3) of {@code flowId} as schema 1, id {@code flowId + seq}, amount 3. */
    static Event v1(String flowId, int seq) {
        return Event.v1(flowId + seq, flowId, seq, KINDS.get(seq - 1), 3);
    }

    /** Step {@code seq} (1..3) of {@code flowId} as schema 2 ({@code units}), id {@code flowId + seq}. */
    static Event v2(String flowId, int seq) {
        return Event.v2(flowId + seq, flowId, seq, KINDS.get(seq - 1), 3);
    }

    /** The committed effect log as {@code "seq kind"} lines, in apply order. */
    static List<String> effectRows(SqliteDatabase consumerDb, String flowId) {
        return Db.rows(consumerDb.file(), "SELECT seq, kind FROM effect WHERE flow_id = ? ORDER BY id", flowId).stream()
                .map(row -> row.get("seq") + " " + row.get("kind"))
                .toList();
    }

    /** The committed projection row as {@code "state last_seq held"}, or {@code "(none)"}. */
    static String projectionRow(SqliteDatabase consumerDb, String flowId) {
        List<Map<String, Object>> rows =
                Db.rows(consumerDb.file(), "SELECT state, last_seq, held FROM projection WHERE flow_id = ?", flowId);
        return rows.isEmpty()
                ? "(none)"
                : rows.get(0).get("state") + " last_seq=" + rows.get(0).get("last_seq") + " held="
                        + rows.get(0).get("held");
    }

    /** The committed inbox rows as {@code "event_id state reason"}, by (flow_id, seq). */
    static List<String> inboxRows(SqliteDatabase consumerDb) {
        return Db.rows(consumerDb.file(), "SELECT event_id, state, reason FROM inbox ORDER BY flow_id, seq").stream()
                .map(row -> row.get("event_id") + " " + row.get("state") + " " + row.get("reason"))
                .toList();
    }

    /** The committed outbox rows as {@code "event_id accepted=n"}, by (flow_id, seq). */
    static List<String> outboxRows(SqliteDatabase producerDb) {
        return Db.rows(producerDb.file(), "SELECT event_id, accepted FROM outbox ORDER BY flow_id, seq").stream()
                .map(row -> row.get("event_id") + " accepted=" + row.get("accepted"))
                .toList();
    }

    /** The committed flow rows as {@code "flow_id seq state amount"}. */
    static List<String> flowRows(SqliteDatabase producerDb) {
        return Db.rows(producerDb.file(), "SELECT flow_id, seq, state, amount FROM flow ORDER BY flow_id").stream()
                .map(row ->
                        row.get("flow_id") + " " + row.get("seq") + " " + row.get("state") + " " + row.get("amount"))
                .toList();
    }
}
