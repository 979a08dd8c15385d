package dev.deliverykit.reference.ordered;

import dev.deliverykit.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import java.sql.Connection;
import java.util.Objects;
import java.util.Optional;

/**
 * <strong>Deliberately broken</strong> producer ({@code unsafe_dual_write}): commits the flow update in
 * one transaction and the outbox row in a SECOND one. A crash (or a failed insert) between the two
 * leaves the flow moved with no event to relay, and the relay reports {@link RelayOutcome#IDLE}: a lost
 * event that looks like a quiet system.
 *
 * <p>Same checks and statements as {@link OrderedProducer}; the difference is only where the
 * transactions end. The lost-event window is after the {@code COMMIT} of {@code commitFlowStep} (its
 * method exit), before {@code commitOutboxRow} begins.
 *
 * <pre>{@code
 * try (UnsafeDualWriteProducer producer = new UnsafeDualWriteProducer(producerDb)) {
 *     producer.advance(Event.v1("A1", "A", 1, FlowState.RESERVED, 3), 0);
 * }
 * }</pre>
 */
public final class UnsafeDualWriteProducer implements AutoCloseable {

    private final SqliteDatabase database;
    private final Connection connection;

    /** Opens the producer database and creates {@code flow} and {@code outbox} if they do not exist. */
    public UnsafeDualWriteProducer(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.connection = Sql.openWithSchema(Objects.requireNonNull(database, "database"), ProducerStore.SCHEMA);
    }

    /**
     * Like {@link OrderedProducer#advance(Event, long)}, but the flow update commits before the outbox
     * row is even written.
     */
    public AdvanceOutcome advance(Event event, long expectedSeq) {
        Objects.requireNonNull(event, "event");
        AdvanceOutcome outcome = commitFlowStep(event, expectedSeq);
        if (outcome == AdvanceOutcome.COMMITTED) {
            commitOutboxRow(event);
        }
        return outcome;
    }

    private AdvanceOutcome commitFlowStep(Event event, long expectedSeq) {
        return Sql.inWriteTransaction(connection, database, "advance flow " + event.flowId() + " for "
                + event.eventId() + " (unsafe: outbox row written separately)", c -> {
                    Optional<AdvanceOutcome> refusal = ProducerStore.refusal(c, event, expectedSeq);
                    if (refusal.isPresent()) {
                        return refusal.get();
                    }
                    ProducerStore.writeFlow(c, event);
                    return AdvanceOutcome.COMMITTED;
                });
    }

    private void commitOutboxRow(Event event) {
        Sql.inWriteTransaction(connection, database, "write outbox row " + event.eventId()
                + " (unsafe: flow already committed)", c -> {
                    ProducerStore.insertOutbox(c, event);
                    return null;
                });
    }

    @Override
    public void close() {
        Sql.close(connection, database);
    }
}
