package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.IdempotentReceiverAdapter;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.Request;
import java.util.List;

/**
 * Shipping as an idempotent receiver: a request is the placed message of the order named by its key, its parameters
 * the order's data ({@code part} as the customer, {@code quantity} as the amount in cents), so other parameters are
 * another message body. Shipping has no tenants: its effects are all the one tenant's.
 */
final class ShippingReceiverAdapter implements IdempotentReceiverAdapter {

    @Override
    public List<String> databases() {
        return List.of("shipping");
    }

    @Override
    public Receiver start(Databases databases) {
        ShippingConsumer shipping = new ShippingConsumer(Database.sqlite(databases.sqliteFile("shipping")));
        return request -> {
            Message placed = placed(request);
            return ShippingAnswers.answer(placed, shipping.handle(placed));
        };
    }

    @Override
    public Query effects() { // one shipment per order
        return Query.on("shipping", "SELECT 'tenantA', order_id FROM shipment");
    }

    private static Message placed(Request request) {
        long amountCents = Long.parseLong(request.parameters().get("quantity"));
        return Message.of(request.key(), OrderStep.PLACED, request.parameters().get("part"), amountCents, Days.DAY_ONE);
    }
}
