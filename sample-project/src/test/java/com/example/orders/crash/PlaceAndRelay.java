package com.example.orders.crash;

import com.example.orders.Days;
import com.example.orders.OrderService;
import com.example.orders.OutboxRelay;
import com.example.orders.db.Database;
import com.example.orders.shipping.ShippingConsumer;
import dev.deliverykit.boundary.ProcessWorkload;
import java.nio.file.Path;
import java.util.List;

/**
 * Places order o-1 and relays it to shipping, in whatever JVM runs it: a child JVM that halts with exit code
 * 73 at the boundary in a {@code CHILD_PROCESS} case, the test's own JVM otherwise. Argument: the directory of
 * {@code orders.db} and {@code shipping.db}.
 */
// tag::process-workload[]
public final class PlaceAndRelay implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        Path dir = Path.of(arguments.get(0));
        Database orderDb = Database.sqlite(dir.resolve("orders.db"));
        new OrderService(orderDb, Days.clockOn(Days.DAY_ONE)).placeOrder("o-1", "alice", 1250);
        new OutboxRelay(
                        orderDb,
                        new ShippingConsumer(Database.sqlite(dir.resolve("shipping.db"))),
                        Days.clockOn(Days.DAY_ONE))
                .publishPending();
    }
}
// end::process-workload[]
