package dev.deliverykit.junit5.postgres.reservation;

import dev.deliverykit.junit5.postgres.ServiceDb;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The orchestrator's database: the workflow event and its command in ONE transaction, the command id
 * deterministic ({@code reservationId:1:0}); rows are marked done, never deleted.
 */
public final class ReservationOutbox {

    private final ServiceDb db;

    public ReservationOutbox(String jdbcUrl) {
        this.db = new ServiceDb(
                jdbcUrl,
                "CREATE TABLE IF NOT EXISTS workflow_event(workflow_id TEXT NOT NULL, event_seq INTEGER NOT NULL,"
                        + " kind TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (workflow_id, event_seq))",
                "CREATE TABLE IF NOT EXISTS outbox(command_id TEXT PRIMARY KEY, workflow_id TEXT NOT NULL,"
                        + " kind TEXT NOT NULL, payload TEXT NOT NULL, processed_at TIMESTAMPTZ)");
    }

    /** Records the intent; empty if it was recorded before (a resubmission writes nothing). */
    public Optional<OutboxCommand> record(ReservationIntent intent) {
        return db.inTransaction("record " + intent.reservationId(), c -> {
            try (PreparedStatement event = c.prepareStatement("INSERT INTO workflow_event(workflow_id, event_seq,"
                    + " kind, payload) VALUES (?, 1, 'reservation_requested', ?) ON CONFLICT DO NOTHING")) {
                event.setString(1, intent.reservationId());
                event.setString(2, intent.payload());
                if (event.executeUpdate() == 0) {
                    return Optional.empty();
                }
            }
            OutboxCommand command = new OutboxCommand(intent.reservationId() + ":1:0", intent.payload());
            try (PreparedStatement outbox = c.prepareStatement("INSERT INTO outbox(command_id, workflow_id, kind,"
                    + " payload) VALUES (?, ?, 'reserve_part', ?)")) {
                outbox.setString(1, command.commandId());
                outbox.setString(2, intent.reservationId());
                outbox.setString(3, command.payload());
                outbox.executeUpdate();
            }
            return Optional.of(command);
        });
    }

    /** The rows not yet done, in workflow and command order. */
    public List<OutboxCommand> pending() {
        return db.inTransaction("read pending", c -> {
            List<OutboxCommand> pending = new ArrayList<>();
            try (PreparedStatement select = c.prepareStatement("SELECT command_id, payload FROM outbox"
                            + " WHERE processed_at IS NULL ORDER BY workflow_id, command_id");
                    ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    pending.add(new OutboxCommand(rows.getString(1), rows.getString(2)));
                }
            }
            return pending;
        });
    }

    /** Marks a row done. */
    public void markDone(String commandId) {
        db.inTransaction("mark " + commandId + " done", c -> {
            try (PreparedStatement update = c.prepareStatement(
                    "UPDATE outbox SET processed_at = now() WHERE command_id = ? AND processed_at IS NULL")) {
                update.setString(1, commandId);
                return update.executeUpdate();
            }
        });
    }
}
