package com.example.orders.crash;

import com.example.orders.Days;
import com.example.orders.db.Database;
import com.example.orders.shipping.DedupCleanup;
import dev.deliverykit.boundary.ProcessWorkload;
import java.nio.file.Path;
import java.util.List;

/**
 * The nightly cleanup, 30 days later, sealing day one: in a child JVM for {@code CHILD_PROCESS} cases, in the
 * test's JVM otherwise. Argument: the directory of {@code shipping.db}.
 */
public final class SealDayOne implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        Path shippingFile = Path.of(arguments.get(0)).resolve("shipping.db");
        new DedupCleanup(Database.sqlite(shippingFile), Days.clockOn(Days.DAY_ONE + 30)).sealThrough(Days.DAY_ONE);
    }
}
