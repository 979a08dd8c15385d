package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.Message;
import com.example.orders.OrderStep;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.junit5.contract.Databases;
import dev.deliverykit.junit5.contract.InboxEvent;
import dev.deliverykit.junit5.contract.OrderedInboxAdapter;
import dev.deliverykit.junit5.contract.Query;
import dev.deliverykit.junit5.contract.Received;
import java.util.List;

/**
 * Shipping as an ordered inbox: a flow is an order, its steps 1 to 3 are placed, paid and shipped, the event id is the
 * message id; a payload other than {@code standard} is another amount, so another body. Shipping applies on arrival
 * what is in sequence (a step that comes early is parked until its predecessor arrives), so there is nothing left for
 * {@code applyReady} to do.
 */
final class ShippingInboxAdapter implements OrderedInboxAdapter {

    @Override
    public List<String> databases() {
        return List.of("shipping");
    }

    @Override
    public Inbox start(Databases databases) {
        ShippingConsumer shipping = new ShippingConsumer(Database.sqlite(databases.sqliteFile("shipping")));
        return new Inbox() {
            @Override
            public Received receive(InboxEvent event) {
                return switch (shipping.handle(message(event))) {
                    case APPLIED, PARKED -> Received.ACCEPTED;
                    case DUPLICATE -> Received.DUPLICATE;
                    case CONFLICT, REJECTED_SEALED -> Received.CONFLICT;
                };
            }

            @Override
            public void applyReady() {} // applied on arrival
        };
    }

    @Override
    public Query applied() {
        return Query.on("shipping", "SELECT order_id, step_seq FROM applied_step ORDER BY applied_order");
    }

    private static Message message(InboxEvent event) {
        if (event.version() != 1) {
            throw new IllegalArgumentException(
                    "shipping reads one message version, got " + event.eventId() + " of version " + event.version());
        }
        long amountCents = event.payload().equals("standard") ? 1250 : 1300;
        return new Message(
                event.eventId(), event.flow(), OrderStep.ofSeq(event.seq()), "alice", amountCents, Days.DAY_ONE);
    }
}
