package com.example.orders.contract;

import com.example.orders.Days;
import com.example.orders.MessageHandler;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import java.nio.file.Path;
import java.util.function.IntSupplier;

/**
 * The relay a fresh process runs, as its {@code publishPending}: {@link #OUTBOX_RELAY} in production, or the relay
 * as it was first written, which the contract must catch ({@code com.example.orders.before}).
 */
@FunctionalInterface
public interface RelayFactory {

    /** {@link OutboxRelay}: marks a message published after the handler took it. */
    RelayFactory OUTBOX_RELAY = (orderDb, handler) ->
            new OutboxRelay(Database.sqlite(orderDb), handler, Days.clockOn(Days.DAY_ONE))::publishPending;

    /** A new relay of the order database in {@code orderDb}, handing messages to {@code handler}. */
    IntSupplier start(Path orderDb, MessageHandler handler);
}
