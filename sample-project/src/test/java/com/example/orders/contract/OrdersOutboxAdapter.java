package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.db.Database;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.Intent;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.TransactionalOutboxAdapter;
import java.util.List;

/**
 * The order service and its relay as a transactional outbox: an intent is an order placed ({@code o-1}, customer
 * {@code alice}, 1250 cents), the relay hands its messages to a {@link BrokerStub}.
 *
 * @param relays the relay a process runs: {@link RelayFactory#OUTBOX_RELAY}, or a broken one
 */
// tag::adapter[]
public record OrdersOutboxAdapter(RelayFactory relays) implements TransactionalOutboxAdapter {
    @Override
    public List<String> databases() {
        return List.of("orders", "broker"); // new SQLite files for every check run
    }

    @Override
    public Producer start(Databases databases) { // a fresh process: new objects on the same files
        var orders = new OrderService(Database.sqlite(databases.sqliteFile("orders")), Days.clockOn(Days.DAY_ONE));
        var relay = relays.start(databases.sqliteFile("orders"), new BrokerStub(databases.sqliteFile("broker")));
        return new Producer() {
            @Override
            public void record(Intent intent) { // o-1 {customer=alice, amount=1250}
                long amountCents = Long.parseLong(intent.parameters().get("amount"));
                orders.placeOrder(intent.key(), intent.parameters().get("customer"), amountCents);
            }

            @Override
            public void relayOnce() {
                relay.getAsInt();
            }
        };
    }

    @Override
    public Query intents() {
        return Query.on("orders", "SELECT order_id FROM orders");
    }

    @Override
    public Query outboxRows() {
        return Query.on("orders", "SELECT order_id FROM outbox_message");
    }

    @Override
    public Query delivered() { // every message the relay handed to the broker, a resend twice
        return Query.on("broker", "SELECT order_id FROM sent_message");
    }
}
// end::adapter[]
