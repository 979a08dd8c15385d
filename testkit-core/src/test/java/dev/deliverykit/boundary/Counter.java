package dev.deliverykit.boundary;

/** A method that allocates nothing, to measure what woven advice costs while no run is active. */
final class Counter {

    private long value;

    void increment() {
        value++;
    }

    long value() {
        return value;
    }
}
