package dev.deliverykit.boundary;

import java.util.List;

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
public interface ProcessWorkload {

    /** Runs the code under test with the launch's arguments. */
    void run(List<String> arguments) throws Exception;
}
