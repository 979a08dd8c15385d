package dev.deliverykit.subjects.shedlock;

import org.springframework.jdbc.core.JdbcTemplate;

/** Where a relay sends an order: a row in {@code delivery}, one per send, as a broker that keeps every copy. */
@FunctionalInterface
interface Broker {

    /** The broker that accepts at once. */
    Broker AT_ONCE = (jdbc, orderId, sender) -> record(jdbc, orderId, sender);

    /** Sends {@code orderId} on behalf of {@code sender}, with {@code jdbc}'s connection (and transaction, if any). */
    void send(JdbcTemplate jdbc, String orderId, String sender);

    /** The delivery itself. */
    static void record(JdbcTemplate jdbc, String orderId, String sender) {
        jdbc.update("INSERT INTO delivery(order_id, sent_by) VALUES (?, ?)", orderId, sender);
    }
}
