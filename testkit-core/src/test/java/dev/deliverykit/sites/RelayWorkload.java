package dev.deliverykit.sites;

import dev.deliverykit.boundary.ProcessWorkload;
import java.nio.file.Path;
import java.util.List;

/** The relay as a child-process workload: {@code <database file>}. */
public final class RelayWorkload implements ProcessWorkload {

    @Override
    public void run(List<String> arguments) {
        Relay relay = new Relay(new Db(Path.of(arguments.get(0))));
        relay.start();
        relay.publish("m-1");
    }
}
