package dev.deliverykit.reference.scenarios;

import dev.deliverykit.boundary.ProcessWorkload;
import dev.deliverykit.reference.SqliteDatabase;
import dev.deliverykit.reference.ordered.OrderedProducer;
import java.nio.file.Path;
import java.util.List;

/** A producer process that never relays: {@code <producer db>} advances A1 with {@code expected_seq} 0 and stops. */
public final class AdvanceOnly implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        try (OrderedProducer producer = new OrderedProducer(SqliteDatabase.at(Path.of(arguments.get(0))))) {
            producer.advance(AdvanceRelayDrain.A1, 0);
        }
    }
}
