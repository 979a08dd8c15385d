package com.example.orders;

/**
 * The receiving side of the outbox, called by {@link OutboxRelay} (in this sample a plain Java call; in
 * production it would sit behind a broker). It must tolerate the same message more than once.
 *
 * <pre>{@code
 * MessageHandler shipping = new ShippingConsumer(Database.sqlite(Path.of("shipping.db")));
 * new OutboxRelay(orderDb, shipping, Clock.systemUTC()).publishPending();
 * }</pre>
 */
@FunctionalInterface
public interface MessageHandler {

    /** Handles one message and says what happened; throws if it does not know (nothing was committed, or it cannot tell). */
    HandleOutcome handle(Message message);
}
