package dev.deliverykit.junit5.postgres.reservation;

import java.util.Optional;

/**
 * Records a reservation intent in the outbox and delivers it to the warehouse. {@code markFirst} is the
 * classic bug of the sending side: it writes "done" and then sends.
 */
public final class ReservationService {

    private final ReservationOutbox outbox;
    private final WarehouseClient client;
    private final boolean markFirst;

    public ReservationService(ReservationOutbox outbox, WarehouseClient client, boolean markFirst) {
        this.outbox = outbox;
        this.client = client;
        this.markFirst = markFirst;
    }

    /** Records the intent and, if it is new, delivers it; a resubmission sends nothing. */
    public Optional<String> submit(ReservationIntent intent) {
        return outbox.record(intent).map(this::deliver);
    }

    /** Delivers one recorded command. */
    public String deliver(OutboxCommand command) {
        if (markFirst) {
            outbox.markDone(command.commandId());
            return client.send(command);
        }
        String response = client.send(command);
        outbox.markDone(command.commandId());
        return response;
    }

    /** After a restart: resends every pending row, never a done one. */
    public void recover() {
        for (OutboxCommand command : outbox.pending()) {
            deliver(command);
        }
    }
}
