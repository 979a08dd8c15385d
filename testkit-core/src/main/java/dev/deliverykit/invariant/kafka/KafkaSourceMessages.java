package dev.deliverykit.invariant.kafka;

/** The messages of a Kafka topic source set up wrong, or whose read did not reach the end of its topic. */
final class KafkaSourceMessages {

    private KafkaSourceMessages() {}

    /** A read's time limit {@code timeout} that is not positive. */
    static String timeoutNotPositive(Object timeout) {
        return "the timeout of a Kafka read must be positive, not " + timeout;
    }

    /** The read did not reach the end offsets {@code ends} in time. */
    static String endNotReached(String ends) {
        return "the records up to the end offsets " + ends + " were not read";
    }

    /** The {@code what} of the source is blank. */
    static String blank(String what) {
        return "the " + what + " of a Kafka topic source must not be blank";
    }
}
