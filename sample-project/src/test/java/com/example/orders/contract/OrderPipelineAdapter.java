package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.DeliveryPipelineAdapter;
import dev.deliverykit.junit5.contract.Intent;
import dev.deliverykit.junit5.contract.Query;
import java.util.List;

/**
 * The whole pipeline, order service, relay and shipping, as it runs in production: an intent is an order placed, its
 * {@code part} as the customer and its {@code quantity} as the amount in cents; its effect is the placed step applied
 * by shipping.
 */
final class OrderPipelineAdapter implements DeliveryPipelineAdapter {

    @Override
    public List<String> databases() {
        return List.of("orders", "shipping");
    }

    @Override
    public Pipeline start(Databases databases) {
        Database orderDb = Database.sqlite(databases.sqliteFile("orders"));
        OrderService orders = new OrderService(orderDb, Days.clockOn(Days.DAY_ONE));
        ShippingConsumer shipping = new ShippingConsumer(Database.sqlite(databases.sqliteFile("shipping")));
        OutboxRelay relay = new OutboxRelay(orderDb, shipping, Days.clockOn(Days.DAY_ONE));
        return new Pipeline() {
            @Override
            public void submit(Intent intent) {
                long amountCents = Long.parseLong(intent.parameters().get("quantity"));
                orders.placeOrder(intent.key(), intent.parameters().get("part"), amountCents);
            }

            @Override
            public void relayPending() {
                relay.publishPending();
            }
        };
    }

    @Override
    public Query intents() {
        return Query.on("orders", "SELECT message_id FROM outbox_message");
    }

    @Override
    public Query effects() {
        return Query.on("shipping", "SELECT message_id FROM applied_step");
    }
}
