package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.internal.sqlite.PreparedStatements;
import dev.deliverykit.reference.internal.sqlite.Sql;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * <strong>Deliberately broken</strong> consumer: dedups by event id only and applies every new event at
 * once, in arrival order, overwriting the projection. No duplicate is ever applied twice, yet the order
 * is wrong: input {@code 3, 1, 2, 3} ends {@code confirmed}, {@code last_seq=2}, {@code held=3} although
 * the flow was released.
 *
 * <p>It uses the same tables as {@link OrderedConsumer} (inbox rows go straight to {@code applied}), so
 * the same checks can judge both.
 *
 * <pre>{@code
 * try (ArrivalOrderConsumer consumer = new ArrivalOrderConsumer(consumerDb)) {
 *     consumer.receive(Event.v1("A3", "A", 3, FlowState.RELEASED, 3));   // ACCEPTED, applied at once
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ArrivalOrderConsumer implements AutoCloseable {

    private static final String INSERT_APPLIED =
            "INSERT INTO inbox(event_id, flow_id, seq, body, state) VALUES (?, ?, ?, ?, 'applied')";

    private final SqliteDatabase database;
    private final PreparedStatements statements;

    /** Opens the consumer database and creates its tables if they do not exist. */
    public ArrivalOrderConsumer(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.statements = PreparedStatements.openWithSchema(database, ConsumerStore.SCHEMA);
    }

    /**
     * {@link ReceiveOutcome#DUPLICATE} if the event id was seen (whatever its body), else stores the event
     * and applies it on the spot: {@link ReceiveOutcome#ACCEPTED}.
     */
    public ReceiveOutcome receive(Event event) {
        Objects.requireNonNull(event, "event");
        return Sql.inWriteTransaction(
                statements.connection(), database, "receive and apply " + event.eventId() + " on arrival", c -> {
                    if (ConsumerStore.inboxEntry(statements, event.eventId()).isPresent()) {
                        return ReceiveOutcome.DUPLICATE;
                    }
                    statements.update(
                            INSERT_APPLIED, event.eventId(), event.flowId(), event.seq(), event.canonicalBody());
                    // The bug: whatever arrives is taken as the flow's new state.
                    long amount = StepRules.amount(event).orElse(StepRules.FLOW_AMOUNT);
                    ConsumerStore.updateProjection(
                            statements,
                            new Projection(
                                    event.flowId(),
                                    event.seq(),
                                    event.kind(),
                                    event.kind().heldFor(amount)));
                    ConsumerStore.insertEffect(statements, event);
                    return ReceiveOutcome.ACCEPTED;
                });
    }

    /** The committed projection of {@code flowId}. */
    public Projection projection(String flowId) {
        return ConsumerStore.readProjection(statements, database, flowId);
    }

    /** The effects of {@code flowId}, in the order they were applied. */
    public List<Effect> effects(String flowId) {
        return ConsumerStore.readEffects(statements, database, flowId);
    }

    @Override
    public void close() {
        statements.close();
    }
}
