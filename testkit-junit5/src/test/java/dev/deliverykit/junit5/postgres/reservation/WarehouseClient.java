package dev.deliverykit.junit5.postgres.reservation;

/** The orchestrator's side of the wire: sends a command with the key {@code tenant:command_id}. */
public final class WarehouseClient {

    private final String tenant;
    private final Warehouse warehouse;

    public WarehouseClient(String tenant, Warehouse warehouse) {
        this.tenant = tenant;
        this.warehouse = warehouse;
    }

    /** Sends the command and returns the response it observed. */
    public String send(OutboxCommand command) {
        return warehouse.reserve(tenant + ":" + command.commandId(), command.payload());
    }
}
