package com.example.orders;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * How a whole {@link Message} is stored: the same six columns in every table that keeps messages (the
 * order service's {@code outbox_message}, shipping's {@code processed_message} and {@code parked_message}).
 */
public final class MessageRows {

    /** The message's columns, in the order {@link #read(ResultSet)} expects them. */
    public static final String COLUMNS = "message_id, order_id, step_seq, customer, amount_cents, dedup_epoch";

    /** The definitions of the {@link #COLUMNS}, for the {@code CREATE TABLE} of a table that keeps messages. */
    public static final String COLUMN_DEFINITIONS = """
            message_id   TEXT NOT NULL UNIQUE,
            order_id     TEXT NOT NULL,
            step_seq     INTEGER NOT NULL,
            customer     TEXT NOT NULL,
            amount_cents INTEGER NOT NULL,
            dedup_epoch  INTEGER NOT NULL""";

    private MessageRows() {
    }

    /** Sets {@code message} as the parameters 1 to 6 of {@code insert}, an {@code INSERT INTO t(}{@link #COLUMNS}{@code ) ...}. */
    public static void bind(PreparedStatement insert, Message message) throws SQLException {
        insert.setString(1, message.messageId());
        insert.setString(2, message.orderId());
        insert.setInt(3, message.step().seq());
        insert.setString(4, message.customer());
        insert.setLong(5, message.amountCents());
        insert.setLong(6, message.dedupEpoch());
    }

    /** The message in the current row of {@code row}, a result of {@code SELECT} {@link #COLUMNS} {@code ...}. */
    public static Message read(ResultSet row) throws SQLException {
        return new Message(row.getString(1), row.getString(2), OrderStep.ofSeq(row.getInt(3)), row.getString(4),
                row.getLong(5), row.getLong(6));
    }
}
