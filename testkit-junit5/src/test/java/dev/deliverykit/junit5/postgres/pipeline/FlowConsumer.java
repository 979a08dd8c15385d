package dev.deliverykit.junit5.postgres.pipeline;

import dev.deliverykit.junit5.postgres.ServiceDb;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The consumer: {@code receive} stores the envelope in the inbox; {@code apply} applies exactly {@code last_seq + 1}. */
public final class FlowConsumer {

    /** What {@link #receive} answered. */
    public enum Receipt {
        ACCEPTED,
        DUPLICATE,
        ID_CONFLICT,
        SEQUENCE_CONFLICT
    }

    /** What {@link #apply} did. */
    public enum Applied {
        APPLIED,
        GAP,
        IDLE,
        BLOCKED
    }

    /** How many {@link #drain} applied and why it stopped. */
    public record Drain(int applied, Applied stop) {}

    private final ServiceDb db;

    public FlowConsumer(String jdbcUrl) {
        this.db = new ServiceDb(
                jdbcUrl,
                "CREATE TABLE IF NOT EXISTS inbox(event_id TEXT PRIMARY KEY, flow_id TEXT NOT NULL, seq INTEGER NOT NULL,"
                        + " body TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending'"
                        + " CHECK (state IN ('pending', 'blocked', 'applied')), reason TEXT, UNIQUE (flow_id, seq))",
                "CREATE TABLE IF NOT EXISTS projection(flow_id TEXT PRIMARY KEY, last_seq INTEGER NOT NULL,"
                        + " state TEXT NOT NULL, held INTEGER NOT NULL)",
                "CREATE TABLE IF NOT EXISTS effect(effect_id BIGSERIAL PRIMARY KEY, event_id TEXT NOT NULL UNIQUE,"
                        + " flow_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL)");
    }

    /** Stores the envelope as it came; only the envelope is checked. */
    public Receipt receive(String body) {
        FlowEvent event = FlowEvent.parse(body);
        return db.inTransaction(c -> {
            lockFlow(c, event.flowId());
            try (PreparedStatement byId = c.prepareStatement("SELECT body FROM inbox WHERE event_id = ?")) {
                byId.setString(1, event.eventId());
                try (ResultSet row = byId.executeQuery()) {
                    if (row.next()) {
                        return row.getString(1).equals(body) ? Receipt.DUPLICATE : Receipt.ID_CONFLICT;
                    }
                }
            }
            try (PreparedStatement bySeq = c.prepareStatement("SELECT 1 FROM inbox WHERE flow_id = ? AND seq = ?")) {
                bySeq.setString(1, event.flowId());
                bySeq.setLong(2, event.seq());
                try (ResultSet row = bySeq.executeQuery()) {
                    if (row.next()) {
                        return Receipt.SEQUENCE_CONFLICT;
                    }
                }
            }
            try (PreparedStatement insert =
                    c.prepareStatement("INSERT INTO inbox(event_id, flow_id, seq, body) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, event.eventId());
                insert.setString(2, event.flowId());
                insert.setLong(3, event.seq());
                insert.setString(4, body);
                insert.executeUpdate();
            }
            return Receipt.ACCEPTED;
        });
    }

    /** Applies the flow's next event, if stored: projection, effect and applied mark in one transaction. */
    public Applied apply(String flowId) {
        return db.inTransaction(c -> {
            lockFlow(c, flowId);
            long lastSeq = 0;
            String state = "new";
            try (PreparedStatement projection =
                    c.prepareStatement("SELECT last_seq, state FROM projection WHERE flow_id = ?")) {
                projection.setString(1, flowId);
                try (ResultSet row = projection.executeQuery()) {
                    if (row.next()) {
                        lastSeq = row.getLong(1);
                        state = row.getString(2);
                    }
                }
            }
            String eventId;
            String body;
            String inboxState;
            try (PreparedStatement next =
                    c.prepareStatement("SELECT event_id, body, state FROM inbox WHERE flow_id = ? AND seq = ?")) {
                next.setString(1, flowId);
                next.setLong(2, lastSeq + 1);
                try (ResultSet row = next.executeQuery()) {
                    if (!row.next()) {
                        return laterStored(c, flowId, lastSeq) ? Applied.GAP : Applied.IDLE;
                    }
                    eventId = row.getString(1);
                    body = row.getString(2);
                    inboxState = row.getString(3);
                }
            }
            if (inboxState.equals("blocked")) {
                return Applied.BLOCKED;
            }
            FlowEvent event = FlowEvent.parse(body);
            String reason = event.schema() != 1
                    ? "unsupported_schema"
                    : event.amount() < 0
                            ? "invalid_payload"
                            : !Lifecycle.isNext(state, lastSeq, event) ? "invalid_transition" : null;
            if (reason != null) {
                try (PreparedStatement block =
                        c.prepareStatement("UPDATE inbox SET state = 'blocked', reason = ? WHERE event_id = ?")) {
                    block.setString(1, reason);
                    block.setString(2, eventId);
                    block.executeUpdate();
                }
                return Applied.BLOCKED;
            }
            try (PreparedStatement projection =
                    c.prepareStatement("INSERT INTO projection(flow_id, last_seq, state, held)"
                            + " VALUES (?, ?, ?, ?) ON CONFLICT (flow_id) DO UPDATE SET last_seq = EXCLUDED.last_seq,"
                            + " state = EXCLUDED.state, held = EXCLUDED.held")) {
                projection.setString(1, flowId);
                projection.setLong(2, event.seq());
                projection.setString(3, event.kind());
                projection.setInt(4, Lifecycle.held(event.kind()));
                projection.executeUpdate();
            }
            try (PreparedStatement effect =
                    c.prepareStatement("INSERT INTO effect(event_id, flow_id, seq, kind) VALUES (?, ?, ?, ?)")) {
                effect.setString(1, eventId);
                effect.setString(2, flowId);
                effect.setLong(3, event.seq());
                effect.setString(4, event.kind());
                effect.executeUpdate();
            }
            try (PreparedStatement applied =
                    c.prepareStatement("UPDATE inbox SET state = 'applied' WHERE event_id = ?")) {
                applied.setString(1, eventId);
                applied.executeUpdate();
            }
            return Applied.APPLIED;
        });
    }

    /** Applies until the flow stops or {@code limit} events were applied (then the stop is reported as applied). */
    public Drain drain(String flowId, int limit) {
        int applied = 0;
        while (applied < limit) {
            Applied outcome = apply(flowId);
            if (outcome != Applied.APPLIED) {
                return new Drain(applied, outcome);
            }
            applied++;
        }
        return new Drain(applied, Applied.APPLIED);
    }

    private static boolean laterStored(Connection c, String flowId, long lastSeq) throws SQLException {
        try (PreparedStatement later = c.prepareStatement("SELECT 1 FROM inbox WHERE flow_id = ? AND seq > ?")) {
            later.setString(1, flowId);
            later.setLong(2, lastSeq + 1);
            try (ResultSet row = later.executeQuery()) {
                return row.next();
            }
        }
    }

    private static void lockFlow(Connection c, String flowId) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))")) {
            lock.setString(1, flowId);
            lock.execute();
        }
    }
}
