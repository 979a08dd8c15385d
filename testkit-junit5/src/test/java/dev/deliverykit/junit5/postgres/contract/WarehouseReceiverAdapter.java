package dev.deliverykit.junit5.postgres.contract;

import dev.deliverykit.junit5.contract.Answer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.postgres.reservation.ReservationIntent;
import dev.deliverykit.junit5.postgres.reservation.Warehouse;
import java.util.List;
import java.util.function.Function;

/**
 * The PostgreSQL warehouse as an idempotent receiver: a request is a booking under the key {@code tenant:key}, as the
 * reservation service's client sends it, its parameters the booking's payload ({@code part=P-7;quantity=1}). The
 * warehouse throws on a key with other parameters: a conflict.
 *
 * @param warehouses the warehouse a process opens on its database's JDBC URL: {@code DedupWarehouse::new}, or the
 *     broken {@code NaiveWarehouse::new}
 */
public record WarehouseReceiverAdapter(Function<String, Warehouse> warehouses) implements IdempotentReceiverAdapter {

    @Override
    public List<String> databases() {
        return List.of("warehouse");
    }

    @Override
    public Receiver start(Databases databases) {
        Warehouse warehouse = warehouses.apply(databases.url("warehouse"));
        return request -> {
            String payload = new ReservationIntent(
                            request.key(),
                            request.parameters().get("part"),
                            Integer.parseInt(request.parameters().get("quantity")))
                    .payload();
            try {
                return warehouse
                                .book(request.tenant() + ":" + request.key(), payload)
                                .replayed()
                        ? Answer.REPLAYED
                        : Answer.EXECUTED;
            } catch (IllegalArgumentException conflict) { // the warehouse's answer to other parameters
                return Answer.CONFLICT;
            }
        };
    }

    @Override
    public Query effects() {
        return Query.on("warehouse", "SELECT split_part(intent_id, ':', 1), split_part(intent_id, ':', 2) FROM effect");
    }
}
