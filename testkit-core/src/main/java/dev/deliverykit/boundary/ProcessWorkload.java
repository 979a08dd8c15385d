package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The code under test for a run in a child JVM. Implementations are public classes with a public no-argument
 * constructor; the child creates one and calls {@link #run(List)} with the launch's arguments.
 *
 * <pre>{@code
 * public final class AdvanceOnce implements ProcessWorkload {
 *     public void run(List<String> arguments) {
 *         try (OrderedProducer producer = new OrderedProducer(SqliteDatabase.at(Path.of(arguments.get(0))))) {
 *             producer.advance(Event.reserved("A1", "A"), 0);
 *         }
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
@API(status = EXPERIMENTAL, since = "0.1")
public interface ProcessWorkload {

    /** Runs the code under test with the launch's arguments. */
    void run(List<String> arguments) throws Exception;
}
