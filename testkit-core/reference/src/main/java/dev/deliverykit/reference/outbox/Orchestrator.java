package dev.deliverykit.reference.outbox;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.reference.SqliteDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The seed-002 model: one intent, two SQLite files. The orchestrator records the intent in its
 * {@link TransactionalOutbox} (orchestrator db), sends it through a {@link ReservationClient} to the
 * protocol's {@link Warehouse} (warehouse db), observes the response and marks the row done.
 *
 * <p>A reservation is workflow {@code reservationId} with one event {@code reservation_requested} (seq 1)
 * and one command {@code reserve_part} (index 0), so its command id is {@code reservationId:1:0} and the
 * warehouse key is {@code tenant:reservationId:1:0}.
 *
 * <p>{@link #deliver} is where the protocols differ:
 * <ul>
 *   <li>{@link DeliveryProtocol#MARK_FIRST}: {@code markDone}, then {@code send};</li>
 *   <li>{@link DeliveryProtocol#OUTBOX_WITHOUT_DEDUP} and {@link DeliveryProtocol#OUTBOX_WITH_ATOMIC_RECEIPT}:
 *       {@code send}, then {@code markDone} unless the warehouse answered {@code CONFLICT}.</li>
 * </ul>
 *
 * <p>Crash boundaries (details in {@link DeliveryBoundary}): 0 = entry of {@link #submit}; 1 = entry of
 * {@link ReservationClient#send}; 2 = the warehouse's effect {@code COMMIT} / exit of
 * {@link Warehouse#reserve}; 3 = exit of {@link ReservationClient#send}; 4 = exit of {@link #deliver}.
 *
 * <p>Recovery is new instances on the same files: the caller resubmits the same intent ({@link #submit}
 * answers {@code ALREADY_RECORDED} without sending if it is recorded), then {@link #recover} resends every
 * pending row and never touches done rows.
 *
 * <pre>{@code
 * SqliteDatabase orchestratorDb = SqliteDatabase.at(dir.resolve("orchestrator.db"));
 * SqliteDatabase warehouseDb = SqliteDatabase.at(dir.resolve("warehouse.db"));
 * ReservationIntent intent = new ReservationIntent("reserve42", "P-7", 1);
 * try (Orchestrator orchestrator = new Orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, "tenantA",
 *         orchestratorDb, warehouseDb)) {
 *     orchestrator.submit(intent);
 * }
 * // after a crash: new instances, resubmit, recover
 * try (Orchestrator recovered = new Orchestrator(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, "tenantA",
 *         orchestratorDb, warehouseDb)) {
 *     recovered.submit(intent);
 *     recovered.recover();
 * }
 * }</pre>
 *
 * <p>Holds two connections (one per file); not thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Orchestrator implements AutoCloseable {

    /** Kind of the workflow event that records a reservation intent. */
    public static final String EVENT_KIND = "reservation_requested";
    /** Kind of the command sent to the warehouse. */
    public static final String COMMAND_KIND = "reserve_part";

    private final DeliveryProtocol protocol;
    private final TransactionalOutbox outbox;
    private final Warehouse warehouse;
    private final ReservationClient client;

    /**
     * Opens the orchestrator's outbox and the protocol's warehouse.
     *
     * @param protocol how to deliver
     * @param tenant the orchestrator's namespace at the warehouse (no {@code ':'})
     * @param orchestratorDatabase the local file: workflow events and outbox
     * @param warehouseDatabase the remote file: effects (and receipts)
     */
    public Orchestrator(DeliveryProtocol protocol, String tenant, SqliteDatabase orchestratorDatabase,
            SqliteDatabase warehouseDatabase) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        IdempotencyKey.requireTenant(tenant);
        this.outbox = new TransactionalOutbox(orchestratorDatabase);
        try {
            this.warehouse = Warehouse.forProtocol(protocol, warehouseDatabase);
        } catch (RuntimeException e) {
            outbox.close();
            throw e;
        }
        this.client = new ReservationClient(tenant, warehouse);
    }

    /**
     * Records the intent and, if it is new, delivers it. Idempotent for the local record: resubmitting
     * the same intent writes and sends nothing.
     *
     * @throws dev.deliverykit.reference.StoreException on any SQL error in either database; what was
     *     committed before it stays committed (that is what a crash leaves, too)
     */
    public SubmitResult submit(ReservationIntent intent) {
        AppendResult record = record(intent);
        return switch (record.outcome()) {
            case APPENDED -> new SubmitResult.Sent(record, deliver(record.commands().get(0)));
            case ALREADY_APPENDED -> new SubmitResult.AlreadyRecorded(record);
            case STALE -> new SubmitResult.ConflictingIntent(record);
        };
    }

    /**
     * The local record alone: event {@code reservation_requested} and command {@code reserve_part} of
     * workflow {@code reservationId}, appended at sequence 1 in one transaction.
     */
    public AppendResult record(ReservationIntent intent) {
        Objects.requireNonNull(intent, "intent");
        Map<String, Object> parameters = intent.parameters();
        return outbox.append(intent.reservationId(), 0, EVENT_KIND, parameters,
                List.of(new NewCommand(COMMAND_KIND, parameters)));
    }

    /** Delivers one recorded command in the protocol's order (see the class description). */
    public CommandDelivery deliver(OutboxCommand command) {
        Objects.requireNonNull(command, "command");
        return switch (protocol) {
            case MARK_FIRST -> {
                outbox.markDone(command.commandId());
                yield new CommandDelivery(command.commandId(), client.send(command), DeliveryOutcome.MARKED_DONE);
            }
            case OUTBOX_WITHOUT_DEDUP, OUTBOX_WITH_ATOMIC_RECEIPT -> {
                ExecutionResult response = client.send(command);
                if (response.outcome() == ExecutionOutcome.CONFLICT) {
                    yield new CommandDelivery(command.commandId(), response, DeliveryOutcome.LEFT_PENDING);
                }
                outbox.markDone(command.commandId());
                yield new CommandDelivery(command.commandId(), response, DeliveryOutcome.MARKED_DONE);
            }
        };
    }

    /** Resends every pending outbox row, in {@link TransactionalOutbox#pending()} order; done rows are never touched. */
    public List<CommandDelivery> recover() {
        List<CommandDelivery> deliveries = new ArrayList<>();
        for (OutboxCommand command : outbox.pending()) {
            deliveries.add(deliver(command));
        }
        return List.copyOf(deliveries);
    }

    /** The rows still to deliver. */
    public List<OutboxCommand> pending() {
        return outbox.pending();
    }

    /** The warehouse key of the intent's command: {@code tenant:reservationId:1:0}. */
    public IdempotencyKey warehouseKey(ReservationIntent intent) {
        Objects.requireNonNull(intent, "intent");
        return client.keyOf(TransactionalOutbox.commandId(intent.reservationId(), 1, 0));
    }

    /** {@code N}: the warehouse's effect count for the intent. */
    public long effectCount(ReservationIntent intent) {
        return warehouse.effectCount(warehouseKey(intent));
    }

    @Override
    public void close() {
        try {
            warehouse.close();
        } finally {
            outbox.close();
        }
    }
}
