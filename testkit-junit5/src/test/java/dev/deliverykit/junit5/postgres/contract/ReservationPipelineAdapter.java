package dev.deliverykit.junit5.postgres.contract;

import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.DeliveryPipelineAdapter;
import dev.deliverykit.junit5.contract.Intent;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.postgres.reservation.DedupWarehouse;
import dev.deliverykit.junit5.postgres.reservation.ReservationIntent;
import dev.deliverykit.junit5.postgres.reservation.ReservationOutbox;
import dev.deliverykit.junit5.postgres.reservation.ReservationService;
import dev.deliverykit.junit5.postgres.reservation.WarehouseClient;
import java.util.List;

/**
 * The PostgreSQL reservation service with the deduplicating warehouse as a whole pipeline: an intent is a reservation
 * submitted by {@link ReservationService#submit}, recovered by {@link ReservationService#recover}; its effect is the
 * warehouse's booking under {@code tenantA:<command id>}.
 *
 * @param markFirst whether the service writes "done" before it sends (the broken variant)
 */
public record ReservationPipelineAdapter(boolean markFirst) implements DeliveryPipelineAdapter {

    @Override
    public List<String> databases() {
        return List.of("orchestrator", "warehouse");
    }

    @Override
    public Pipeline start(Databases databases) {
        ReservationService service = new ReservationService(
                new ReservationOutbox(databases.url("orchestrator")),
                new WarehouseClient("tenantA", new DedupWarehouse(databases.url("warehouse"))),
                markFirst);
        return new Pipeline() {
            @Override
            public void submit(Intent intent) {
                service.submit(new ReservationIntent(
                        intent.key(),
                        intent.parameters().get("part"),
                        Integer.parseInt(intent.parameters().get("quantity"))));
            }

            @Override
            public void relayPending() {
                service.recover();
            }
        };
    }

    @Override
    public Query intents() {
        return Query.on("orchestrator", "SELECT 'tenantA:' || command_id FROM outbox");
    }

    @Override
    public Query effects() {
        return Query.on("warehouse", "SELECT intent_id FROM effect");
    }
}
