package dev.deliverykit.internal.junit5;

import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.CrashMode;
import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.OrderedDelivery;
import java.util.Objects;
import java.util.Optional;

/**
 * One invocation of a kit test template: a crash at one hit of one boundary, or a sweep's crash-free
 * recording run.
 */
public final class CrashCase {

    /** What the invocation does with the workload. */
    public enum Kind {
        /** Runs it without a crash and records the boundaries it reaches (a sweep's first invocation). */
        RECORD,
        /** Crashes it at one hit of one boundary. */
        CRASH,
        /** Delivers its calls of an entry point in one forced order (no crash). */
        ORDER
    }

    private static final int SQL_SHOWN = 48;

    private final Kind kind;
    private final Boundary boundary;
    private final int occurrence;
    private final CrashMode mode;
    private final WatchList watch;
    private final String site;
    private final ReplayKey replayKey;
    private final OrderedDelivery delivery;
    private final DeliveryOrder order;

    private CrashCase(Kind kind, Boundary boundary, int occurrence, CrashMode mode, WatchList watch, String site,
            ReplayKey replayKey) {
        this(kind, boundary, occurrence, mode, watch, site, replayKey, null, null);
    }

    private CrashCase(Kind kind, Boundary boundary, int occurrence, CrashMode mode, WatchList watch, String site,
            ReplayKey replayKey, OrderedDelivery delivery, DeliveryOrder order) {
        this.delivery = delivery;
        this.order = order;
        this.kind = kind;
        this.boundary = boundary;
        this.occurrence = occurrence;
        this.mode = mode;
        this.watch = watch;
        this.site = site;
        this.replayKey = replayKey;
    }

    /**
     * A crash at hit {@code occurrence} of {@code boundary}; {@code watch} lists what else the run counts (so
     * that a missed boundary can be explained), {@code site} is where the recording saw the hit, if known.
     */
    public static CrashCase crash(Boundary boundary, int occurrence, CrashMode mode, WatchList watch, String site) {
        Objects.requireNonNull(boundary, "boundary");
        ReplayKey key = boundary.isNamed() ? ReplayKey.ofBoundary(boundary.name(), occurrence)
                : ReplayKey.ofSelector(boundary.selector().spec(), occurrence);
        return new CrashCase(Kind.CRASH, boundary, occurrence, requireResolved(mode), watch, site, key);
    }

    /** A crash-free run that records every hit of {@code watch}. */
    public static CrashCase record(CrashMode mode, WatchList watch) {
        return new CrashCase(Kind.RECORD, null, 0, requireResolved(mode), Objects.requireNonNull(watch, "watch"), null,
                ReplayKey.crashFree());
    }

    /** A delivery of the entry point's calls in {@code order}, in this JVM. */
    public static CrashCase order(OrderedDelivery delivery, DeliveryOrder order) {
        return new CrashCase(Kind.ORDER, null, 0, CrashMode.IN_PROCESS, null, null,
                ReplayKey.ofOrder(order.toString()), Objects.requireNonNull(delivery, "delivery"), order);
    }

    /** The runner of a delivery-order case. */
    public Optional<OrderedDelivery> delivery() {
        return Optional.ofNullable(delivery);
    }

    /** The order of a delivery-order case. */
    public Optional<DeliveryOrder> order() {
        return Optional.ofNullable(order);
    }

    private static CrashMode requireResolved(CrashMode mode) {
        if (mode == null || mode == CrashMode.INFERRED) {
            throw new IllegalArgumentException("a case needs a resolved mode, got " + mode);
        }
        return mode;
    }

    /** Crash or record. */
    public Kind kind() {
        return kind;
    }

    /** The boundary; empty for a recording run. */
    public Optional<Boundary> boundary() {
        return Optional.ofNullable(boundary);
    }

    /** Which hit crashes; 0 for a recording run. */
    public int occurrence() {
        return occurrence;
    }

    /** In this JVM or in a child JVM. */
    public CrashMode mode() {
        return mode;
    }

    /** What the run watches (a recording: what it records). */
    public WatchList watch() {
        return watch;
    }

    /** Where a recording saw this hit, such as {@code TransactionalOutbox.markDone}; empty if unknown. */
    public Optional<String> site() {
        return Optional.ofNullable(site);
    }

    /** The plan of a crash case. */
    public CrashPlan plan() {
        if (kind != Kind.CRASH) {
            throw new IllegalStateException("a recording run has no crash plan");
        }
        CrashPlan plan = CrashPlan.at(boundary).occurrence(occurrence);
        return watch == null ? plan : plan.watching(watch);
    }

    /**
     * This case with its mode in its replay key, for a test that crashes the same boundary and hit in both
     * modes (see {@link ReplayKey#withMode}).
     */
    public CrashCase withModeInReplayKey() {
        return new CrashCase(kind, boundary, occurrence, mode, watch, site, replayKey.withMode(mode), delivery, order);
    }

    /**
     * Whether {@code requested} ({@code deliverykit.replay}) selects this case: its key, its key without the
     * mode (which selects every mode), or, for a case whose key names no mode, its key with this case's mode.
     */
    public boolean isSelectedBy(ReplayKey requested) {
        return replayKey.isSelectedBy(requested)
                || requested.mode().filter(mode::equals).isPresent() && replayKey.equals(requested.withoutMode());
    }

    /** Identifies the case for {@code -Ddeliverykit.replay}. */
    public ReplayKey replayKey() {
        return replayKey;
    }

    /**
     * What a person reads in the IDE and the report: {@code crash after commit #3 in TransactionalOutbox.markDone},
     * {@code crash at boundary-2 #1 (child JVM)}, {@code record boundaries (crash-free run)}.
     */
    public String displayName() {
        String suffix = mode == CrashMode.CHILD_PROCESS ? " (child JVM)" : "";
        if (kind == Kind.RECORD) {
            return "record boundaries (crash-free run)" + suffix;
        }
        if (kind == Kind.ORDER) {
            return "deliver " + order;
        }
        return "crash " + where() + " #" + occurrence + (site == null ? "" : " in " + site) + suffix;
    }

    /** {@code at boundary-2}, {@code after commit}, {@code before statement "INSERT INTO outbox(...) VALU…"}. */
    public String where() {
        if (boundary == null) {
            return "nowhere";
        }
        if (boundary.isNamed()) {
            return "at " + boundary.name();
        }
        String description = boundary.selector().description();
        description = shortenQuoted(description);
        return description.startsWith("before ") || description.startsWith("after ") ? description : "at " + description;
    }

    private static String shortenQuoted(String description) {
        int open = description.indexOf('"');
        int close = description.lastIndexOf('"');
        if (open < 0 || close <= open + SQL_SHOWN + 1) {
            return description;
        }
        return description.substring(0, open + 1 + SQL_SHOWN) + "…" + description.substring(close);
    }

    @Override
    public String toString() {
        return displayName() + " [" + replayKey + "]";
    }
}
