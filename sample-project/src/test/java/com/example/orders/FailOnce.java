package com.example.orders;

/**
 * A handler that loses its first delivery, as a dropped connection or a killed consumer would: either
 * before the real consumer ran, or after it committed but before the answer got back.
 */
public final class FailOnce implements MessageHandler {

    /** What the first delivery ends with. */
    public static final class ConnectionLost extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConnectionLost(String message) {
            super(message);
        }
    }

    private final MessageHandler consumer;
    private final boolean consumerRunsFirst;
    private boolean failed;

    private FailOnce(MessageHandler consumer, boolean consumerRunsFirst) {
        this.consumer = consumer;
        this.consumerRunsFirst = consumerRunsFirst;
    }

    /** The first delivery never reaches {@code consumer}. */
    public static FailOnce beforeTheConsumer(MessageHandler consumer) {
        return new FailOnce(consumer, false);
    }

    /** The first delivery reaches {@code consumer}, which commits, but its answer is lost. */
    public static FailOnce afterTheConsumer(MessageHandler consumer) {
        return new FailOnce(consumer, true);
    }

    @Override
    public HandleOutcome handle(Message message) {
        if (failed) {
            return consumer.handle(message);
        }
        failed = true;
        if (consumerRunsFirst) {
            consumer.handle(message);
            throw new ConnectionLost(
                    "answer for " + message.messageId() + " lost after the consumer committed (simulated)");
        }
        throw new ConnectionLost("connection lost before " + message.messageId() + " reached the consumer (simulated)");
    }
}
