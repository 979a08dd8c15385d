package dev.deliverykit.junit5.postgres.pipeline;

import dev.deliverykit.junit5.postgres.ServiceDb;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** The producer: the flow update and its outbox row in ONE transaction. */
public final class FlowProducer {

    /** What {@link #advance} did. */
    public enum Outcome {
        EXISTING,
        CONFLICT,
        STALE,
        INVALID_TRANSITION,
        COMMITTED
    }

    private final ServiceDb db;

    public FlowProducer(String jdbcUrl) {
        this.db = new ServiceDb(
                jdbcUrl,
                "CREATE TABLE IF NOT EXISTS flow(flow_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL,"
                        + " amount INTEGER NOT NULL)",
                "CREATE TABLE IF NOT EXISTS outbox(event_id TEXT PRIMARY KEY, flow_id TEXT NOT NULL, seq INTEGER NOT NULL,"
                        + " body TEXT NOT NULL, accepted INTEGER NOT NULL DEFAULT 0 CHECK (accepted IN (0, 1)),"
                        + " UNIQUE (flow_id, seq))");
    }

    public Outcome advance(FlowEvent event, long expectedSeq) {
        return db.inTransaction(c -> {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))")) {
                lock.setString(1, event.flowId()); // one writer per flow, also before its first row exists
                lock.execute();
            }
            try (PreparedStatement stored = c.prepareStatement("SELECT body FROM outbox WHERE event_id = ?")) {
                stored.setString(1, event.eventId());
                try (ResultSet row = stored.executeQuery()) {
                    if (row.next()) {
                        return row.getString(1).equals(event.body()) ? Outcome.EXISTING : Outcome.CONFLICT;
                    }
                }
            }
            long seq = 0;
            String state = "new";
            try (PreparedStatement flow = c.prepareStatement("SELECT seq, state FROM flow WHERE flow_id = ?")) {
                flow.setString(1, event.flowId());
                try (ResultSet row = flow.executeQuery()) {
                    if (row.next()) {
                        seq = row.getLong(1);
                        state = row.getString(2);
                    }
                }
            }
            if (seq != expectedSeq) {
                return Outcome.STALE;
            }
            if (!Lifecycle.isNext(state, seq, event)) {
                return Outcome.INVALID_TRANSITION;
            }
            try (PreparedStatement update = c.prepareStatement(
                    "INSERT INTO flow(flow_id, seq, state, amount)"
                            + " VALUES (?, ?, ?, ?) ON CONFLICT (flow_id) DO UPDATE SET seq = EXCLUDED.seq, state = EXCLUDED.state")) {
                update.setString(1, event.flowId());
                update.setLong(2, event.seq());
                update.setString(3, event.kind());
                update.setInt(4, event.amount());
                update.executeUpdate();
            }
            try (PreparedStatement insert =
                    c.prepareStatement("INSERT INTO outbox(event_id, flow_id, seq, body) VALUES (?, ?, ?, ?)")) {
                insert.setString(1, event.eventId());
                insert.setString(2, event.flowId());
                insert.setLong(3, event.seq());
                insert.setString(4, event.body());
                insert.executeUpdate();
            }
            return Outcome.COMMITTED;
        });
    }
}
