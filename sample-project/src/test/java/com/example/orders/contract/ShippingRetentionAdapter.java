package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import com.example.orders.shipping.DedupCleanup;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.junit5.contract.Answer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.DedupRetentionAdapter;
import dev.deliverykit.junit5.contract.EpochRequest;
import dev.deliverykit.junit5.contract.Query;
import java.util.List;

/**
 * Shipping and its nightly {@link DedupCleanup} as a dedup retention store: epoch 1 is day one, a request is the placed
 * message of an order whose id carries the request's epoch and operation ({@code 1/work-1}, shipping's key being the
 * message id alone), its parameters the customer. Shipping seals all its dedup records by day: one namespace.
 */
final class ShippingRetentionAdapter implements DedupRetentionAdapter {

    @Override
    public List<String> databases() {
        return List.of("shipping");
    }

    @Override
    public Store start(Databases databases) {
        Database shippingDb = Database.sqlite(databases.sqliteFile("shipping"));
        ShippingConsumer shipping = new ShippingConsumer(shippingDb);
        DedupCleanup cleanup = new DedupCleanup(shippingDb, Days.clockOn(Days.DAY_ONE));
        return new Store() {
            @Override
            public Answer handle(EpochRequest request) {
                Message placed = Message.of(
                        request.epoch() + "/" + request.operation(),
                        OrderStep.PLACED,
                        request.parameters(),
                        1250,
                        day(request.epoch()));
                return ShippingAnswers.answer(placed, shipping.handle(placed));
            }

            @Override
            public void cleanUpThrough(String namespace, long epoch) {
                cleanup.sealThrough(day(epoch));
            }
        };
    }

    @Override
    public Query effects() { // the namespace, the epoch and the operation of each shipment's order
        return Query.on(
                "shipping",
                "SELECT 'demo', substr(order_id, 1, instr(order_id, '/') - 1),"
                        + " substr(order_id, instr(order_id, '/') + 1) FROM shipment");
    }

    private static long day(long epoch) {
        return Days.DAY_ONE + epoch - 1;
    }
}
