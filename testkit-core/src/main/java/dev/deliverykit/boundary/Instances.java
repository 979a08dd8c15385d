package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.schedule.InstanceNames;
import dev.deliverykit.time.KitClock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Several instances of the code under test that run at once, each a process of its own: two relays of one outbox,
 * the members of a consumer group. Each workload should open its own connections, as a replica does.
 *
 * <pre>{@code
 * Instances relays = Instances.of("relay-a", () -> new Relay(url, "relay-a").drain())
 *         .and("relay-b", () -> new Relay(url, "relay-b").drain());
 * }</pre>
 *
 * <p>Names stand in schedules' names and replay keys: letters, digits, {@code .}, {@code _} and {@code -}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Instances {

    private final Map<String, Workload> workloads;
    private final Optional<KitClock> clock;

    private Instances(Map<String, Workload> workloads, Optional<KitClock> clock) {
        this.workloads = workloads;
        this.clock = clock;
    }

    /** The first instance. */
    public static Instances of(String name, Workload workload) {
        return new Instances(new LinkedHashMap<>(), Optional.empty()).and(name, workload);
    }

    /** These instances and one more; refused if its name is taken or cannot stand in a replay key. */
    public Instances and(String name, Workload workload) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workload, "workload");
        InstanceNames.requireNew(workloads.keySet(), InstanceNames.checked(name));
        Map<String, Workload> more = new LinkedHashMap<>(workloads);
        more.put(name, workload);
        return new Instances(more, clock);
    }

    /**
     * These instances on {@code clock}: the time a stall moves past, and the time the instances' woven reads of the
     * time see.
     */
    public Instances withClock(KitClock clock) {
        return new Instances(workloads, Optional.of(Objects.requireNonNull(clock, "clock")));
    }

    /** The kit's clock these instances run on, if one was given. */
    public Optional<KitClock> clock() {
        return clock;
    }

    /** The names, in the order given. */
    public List<String> names() {
        return new ArrayList<>(workloads.keySet());
    }

    /** How many instances. */
    public int size() {
        return workloads.size();
    }

    Workload workload(String name) {
        return workloads.get(name);
    }

    @Override
    public String toString() {
        return String.join(", ", workloads.keySet());
    }
}
