package dev.deliverykit.boundary;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where a run must die: a boundary and which of its hits (counted from 1 at run time). A crash case is
 * identified by its {@linkplain #replayKey() replay key}, such as {@code boundary=after-outbox-insert;hit=2}
 * (see {@link ReplayKey}).
 *
 * <pre>{@code
 * CrashPlan plan = CrashPlan.at(catalogue, "after-outbox-insert").occurrence(2);
 * CrashResult result = BoundaryEngine.get().crashInProcess(plan, () -> producer.advance(event, 0));
 * }</pre>
 *
 * <p>A plan made from a catalogue also counts that catalogue's other boundaries, so that a run that
 * never reaches the plan's boundary can say which ones it did reach.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CrashPlan {

    private final Boundary boundary;
    private final int occurrence;
    private final WatchList watchList;
    private final List<String> otherProcessDatabases;
    private final Fault fault;

    private CrashPlan(Boundary boundary, int occurrence, WatchList watchList) {
        this(boundary, occurrence, watchList, List.of(), Fault.CRASH);
    }

    private CrashPlan(
            Boundary boundary, int occurrence, WatchList watchList, List<String> otherProcessDatabases, Fault fault) {
        this.boundary = boundary;
        this.occurrence = occurrence;
        this.watchList = watchList;
        this.otherProcessDatabases = otherProcessDatabases;
        this.fault = fault;
    }

    /** Crash at the first hit of {@code boundary}. */
    public static CrashPlan at(Boundary boundary) {
        Objects.requireNonNull(boundary, "boundary");
        return new CrashPlan(boundary, 1, WatchList.of(boundary));
    }

    /** Crash at the first hit of an unnamed boundary with this selector. */
    public static CrashPlan at(Selector selector) {
        return at(Boundary.of(selector));
    }

    /**
     * Crash at the first hit of the catalogue's boundary called {@code boundaryName}.
     *
     * @throws UnknownBoundaryException at once if the catalogue does not know the name
     */
    public static CrashPlan at(BoundaryCatalogue catalogue, String boundaryName) {
        Objects.requireNonNull(catalogue, "catalogue");
        return new CrashPlan(catalogue.boundary(boundaryName), 1, WatchList.of(catalogue));
    }

    /**
     * The plan a replay key names: {@code boundary=after-outbox-insert;hit=2} (a boundary of the catalogue),
     * {@code selector=after-commit;hit=3} (an unnamed boundary, watching the catalogue's), or
     * {@code selector=after-commit;within=com.acme.Relay#send;hit=1} (the first commit within a place). A mode in
     * the key is ignored: the plan is run in the mode its caller chooses.
     *
     * @throws UnknownBoundaryException if the catalogue does not know the boundary
     * @throws IllegalArgumentException if the key is not a crash's replay key
     */
    public static CrashPlan fromReplayKey(BoundaryCatalogue catalogue, String replayKey) {
        Objects.requireNonNull(catalogue, "catalogue");
        ReplayKey key;
        try {
            key = ReplayKey.parse(Objects.requireNonNull(replayKey, "replayKey"));
        } catch (IllegalArgumentException notAKey) {
            throw notACrashKey(replayKey, notAKey);
        }
        if (!(key instanceof ReplayKey.Crash crash)) {
            throw notACrashKey(replayKey, null);
        }
        CrashPlan plan = crash.target() == ReplayKey.Target.BOUNDARY
                ? at(catalogue, crash.point())
                : at(selectorOf(crash)).watching(WatchList.of(catalogue));
        return plan.occurrence(crash.occurrence()).fault(crash.fault());
    }

    /**
     * The selector a {@code selector=SPEC} key names, within its place if it names one:
     * {@code selector=after-commit;within=com.acme.Relay#send;hit=1} names
     * {@code Selector.afterCommit().within("com.acme.Relay#send")}.
     *
     * @throws IllegalArgumentException if the key names a catalogue boundary, or its spec or place cannot be read
     */
    public static Selector selectorOf(ReplayKey.Crash key) {
        if (key.target() != ReplayKey.Target.SELECTOR) {
            throw new IllegalArgumentException(SetupMessages.catalogueKeyAsSelector(key.text()));
        }
        Selector selector = Selector.parse(key.point());
        return key.within()
                .map(place -> {
                    try {
                        return selector.within(Place.of(place));
                    } catch (IllegalStateException scopedTwice) {
                        throw new IllegalArgumentException(SetupMessages.placeNamedTwice(key.text()), scopedTwice);
                    }
                })
                .orElse(selector);
    }

    private static IllegalArgumentException notACrashKey(String replayKey, IllegalArgumentException cause) {
        return new IllegalArgumentException(SetupMessages.notACrashKey(replayKey), cause);
    }

    static CrashPlan restore(Boundary boundary, int occurrence, WatchList watchList, Fault fault) {
        return new CrashPlan(boundary, occurrence, watchList, List.of(), fault);
    }

    /** Crash at the {@code n}th hit of the boundary instead (counted from 1). */
    public CrashPlan occurrence(int n) {
        if (n < 1) {
            throw new IllegalArgumentException(SetupMessages.hitBelowOne(n));
        }
        return new CrashPlan(boundary, n, watchList, otherProcessDatabases, fault);
    }

    /**
     * Databases that belong to another process, which survives this one's crash: an in-process crash
     * leaves the connections whose JDBC URL starts with one of these prefixes open (with whatever they
     * have not committed), instead of rolling back and closing every connection of the JVM. The dying
     * process itself still does nothing more on them. For example the remote receiver's database:
     *
     * <pre>{@code
     * CrashPlan plan = CrashPlan.at(catalogue, "after-outbox-insert")
     *         .withOtherProcessDatabases("jdbc:sqlite:" + dir.resolve("receiver.db"));
     * }</pre>
     *
     * @throws IllegalArgumentException for a blank prefix
     */
    public CrashPlan withOtherProcessDatabases(String... jdbcUrlPrefixes) {
        List<String> all = new ArrayList<>(otherProcessDatabases);
        for (String prefix : jdbcUrlPrefixes) {
            if (Objects.requireNonNull(prefix, "jdbcUrlPrefix").isBlank()) {
                throw new IllegalArgumentException(SetupMessages.blankDatabasePrefix());
            }
            all.add(prefix);
        }
        return new CrashPlan(boundary, occurrence, watchList, List.copyOf(all), fault);
    }

    /** The JDBC URL prefixes of other processes' databases (see {@link #withOtherProcessDatabases}). */
    public List<String> otherProcessDatabases() {
        return otherProcessDatabases;
    }

    /** Count (and list, if the boundary is not reached) these boundaries too. */
    public CrashPlan watching(WatchList watch) {
        return new CrashPlan(
                boundary,
                occurrence,
                Objects.requireNonNull(watch, "watch").and(boundary),
                otherProcessDatabases,
                fault);
    }

    /**
     * What happens at the hit instead: {@link Fault#FAILURE} makes the call there fail while the process lives on
     * (see {@link Fault}); the engine's {@code crashIn...} methods then return once the workload has ended, with the
     * failure's site in the result. Default {@link Fault#CRASH}.
     *
     * <pre>{@code
     * CrashPlan plan = CrashPlan.at(Selector.afterCommit()).fault(Fault.FAILURE); // commit applied, answer lost
     * }</pre>
     */
    public CrashPlan fault(Fault what) {
        return new CrashPlan(
                boundary, occurrence, watchList, otherProcessDatabases, Objects.requireNonNull(what, "fault"));
    }

    /** What happens at the hit: a crash (the default) or an injected failure. */
    public Fault fault() {
        return fault;
    }

    /** The boundary. */
    public Boundary boundary() {
        return boundary;
    }

    /** Which hit of the boundary crashes, counted from 1. */
    public int occurrence() {
        return occurrence;
    }

    /** What the run counts besides the boundary. */
    WatchList watchList() {
        return watchList;
    }

    /**
     * {@code boundary=after-outbox-insert;hit=2}: the boundary's name and the hit that crashes; for an unnamed
     * boundary its selector's spec, {@code selector=after-commit;hit=2}.
     */
    public String replayKey() {
        return key().text();
    }

    /**
     * The {@linkplain #replayKey() replay key} as the kit's codec holds it; a selector within a place names the place
     * in its own field, {@code selector=after-commit;within=com.acme.Relay#send;hit=1}.
     */
    public ReplayKey.Crash key() {
        ReplayKey.Crash key;
        if (boundary.isNamed()) {
            key = ReplayKey.boundary(boundary.name(), occurrence);
        } else {
            Place place = SelectorMatching.place(boundary.selector());
            String spec = SelectorMatching.unscoped(boundary.selector()).spec();
            key = place == null
                    ? ReplayKey.selector(spec, occurrence)
                    : ReplayKey.selectorWithin(spec, place.reference(), occurrence);
        }
        return fault == Fault.FAILURE ? key.failing() : key;
    }

    /** {@code hit 2 of "after-outbox-insert" (after statement matching /INSERT INTO outbox/)}. */
    String describe() {
        return "hit " + occurrence + " of " + boundary.describe();
    }

    @Override
    public String toString() {
        return replayKey();
    }
}
