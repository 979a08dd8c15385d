package dev.deliverykit;

/**
 * The code under test for an in-process run: the "process" that dies at the boundary.
 *
 * <pre>{@code
 * engine.crashInProcess(plan, () -> {
 *     try (OrderedProducer producer = new OrderedProducer(db)) {
 *         producer.advance(event, 0);
 *     }
 * });
 * }</pre>
 */
@FunctionalInterface
public interface Workload {

    /** Runs the code under test; it should open its own connections. */
    void run() throws Exception;
}
