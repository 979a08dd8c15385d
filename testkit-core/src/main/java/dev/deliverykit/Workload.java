package dev.deliverykit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

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
@API(status = EXPERIMENTAL, since = "0.1")
public interface Workload {

    /** Runs the code under test; it should open its own connections. */
    void run() throws Exception;
}
