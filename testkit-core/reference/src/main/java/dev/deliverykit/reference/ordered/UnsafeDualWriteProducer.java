package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import dev.deliverykit.reference.SqliteDatabase;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

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
@API(status = EXPERIMENTAL, since = "0.1")
public final class UnsafeDualWriteProducer implements AutoCloseable {

    private final SqliteDatabase database;
    private final PreparedStatements statements;

    /** Opens the producer database and creates {@code flow} and {@code outbox} if they do not exist. */
    public UnsafeDualWriteProducer(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.statements = PreparedStatements.openWithSchema(database, ProducerStore.SCHEMA);
    }

    /**
     * Like {@link OrderedProducer#advance(Event, long)}, but the flow update commits before the outbox
     * row is even written.
     */
    public AdvanceOutcome advance(Event event, long expectedSeq) {
        Objects.requireNonNull(event, "event");
        String canonicalBody = event.canonicalBody();
        AdvanceOutcome outcome = commitFlowStep(event, canonicalBody, expectedSeq);
        if (outcome == AdvanceOutcome.COMMITTED) {
            commitOutboxRow(event, canonicalBody);
        }
        return outcome;
    }

    private AdvanceOutcome commitFlowStep(Event event, String canonicalBody, long expectedSeq) {
        return Sql.inWriteTransaction(statements.connection(), database, "advance flow " + event.flowId() + " for "
                + event.eventId() + " (unsafe: outbox row written separately)", c -> {
                    Optional<AdvanceOutcome> refusal = ProducerStore.refusal(statements, event, canonicalBody,
                            expectedSeq);
                    if (refusal.isPresent()) {
                        return refusal.get();
                    }
                    ProducerStore.writeFlow(statements, event);
                    return AdvanceOutcome.COMMITTED;
                });
    }

    private void commitOutboxRow(Event event, String canonicalBody) {
        Sql.inWriteTransaction(statements.connection(), database, "write outbox row " + event.eventId()
                + " (unsafe: flow already committed)", c -> {
                    ProducerStore.insertOutbox(statements, event, canonicalBody);
                    return null;
                });
    }

    @Override
    public void close() {
        statements.close();
    }
}
