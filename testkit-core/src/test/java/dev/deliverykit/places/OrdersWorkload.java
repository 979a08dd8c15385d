package dev.deliverykit.places;

import dev.deliverykit.boundary.ProcessWorkload;
import java.nio.file.Path;
import java.util.List;

/** The orders as a child-process workload: {@code <database file>}; places o-1, cancels it, places o-2. */
public final class OrdersWorkload implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        Orders orders = new Orders(Path.of(arguments.get(0)));
        orders.createTables();
        orders.place("o-1");
        orders.cancel("o-1");
        orders.place("o-2");
    }
}
