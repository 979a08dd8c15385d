package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.schedule.InstanceNames;
import dev.deliverykit.time.KitClock;
import dev.deliverykit.time.TimeReads;
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
    private final TimeReads timeReads;

    private Instances(Map<String, Workload> workloads, Optional<KitClock> clock, TimeReads timeReads) {
        this.workloads = workloads;
        this.clock = clock;
        this.timeReads = timeReads;
    }

    /** The first instance. */
    public static Instances of(String name, Workload workload) {
        return new Instances(new LinkedHashMap<>(), Optional.empty(), TimeReads.GIVEN).and(name, workload);
    }

    /** These instances and one more; refused if its name is taken or cannot stand in a replay key. */
    public Instances and(String name, Workload workload) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workload, "workload");
        InstanceNames.requireNew(workloads.keySet(), InstanceNames.checked(name));
        Map<String, Workload> more = new LinkedHashMap<>(workloads);
        more.put(name, workload);
        return new Instances(more, clock, timeReads);
    }

    /**
     * These instances on {@code clock}: the time a stall moves past, and the time the instances' woven reads of the
     * time see. Only code given the clock reads it ({@link TimeReads#GIVEN}).
     */
    public Instances withClock(KitClock clock) {
        return withClock(clock, TimeReads.GIVEN);
    }

    /**
     * These instances on {@code clock}, which {@code reads} says who reads: with {@link TimeReads#WOVEN}, every read
     * of the time and every sleep of the instances' threads and tasks too.
     *
     * <pre>{@code
     * Instances relays = Instances.of("relay-a", relayA::drain)
     *         .and("relay-b", relayB::drain)
     *         .withClock(KitClock.start(), TimeReads.WOVEN);
     * }</pre>
     */
    public Instances withClock(KitClock clock, TimeReads reads) {
        return new Instances(
                workloads, Optional.of(Objects.requireNonNull(clock, "clock")), Objects.requireNonNull(reads, "reads"));
    }

    /** The kit's clock these instances run on, if one was given. */
    public Optional<KitClock> clock() {
        return clock;
    }

    /** Who reads the kit's clock: {@link TimeReads#GIVEN} unless {@link #withClock(KitClock, TimeReads)} said. */
    public TimeReads timeReads() {
        return timeReads;
    }

    /** The kit's clock if every read of the time of these instances is woven to it. */
    Optional<KitClock> wovenClock() {
        return timeReads == TimeReads.WOVEN ? clock : Optional.empty();
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
