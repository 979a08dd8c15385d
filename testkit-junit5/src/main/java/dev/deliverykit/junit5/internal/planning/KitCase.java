package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.ReplayKey;
import dev.deliverykit.boundary.Boundary;
import dev.deliverykit.boundary.BrokerBoundaries;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Place;
import dev.deliverykit.boundary.Selector;
import dev.deliverykit.boundary.SpringBoundaries;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.order.DeliveryOrder;
import dev.deliverykit.order.OrderedDelivery;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One invocation of a kit test template, one of four: a sweep's crash-free run that records the boundaries
 * ({@link RecordBoundaries}), a crash at one hit of one boundary ({@link CrashAtHit}), such a crash followed by a
 * crash of the recovery ({@link CrashPair}), or a delivery in one forced order ({@link DeliverOrder}). The first
 * three run the workload on the boundary engine ({@link EngineCase}).
 */
@API(status = INTERNAL, since = "0.1")
public sealed interface KitCase permits KitCase.EngineCase, KitCase.DeliverOrder, ScheduleCase {

    /** Identifies the case for {@code -Ddeliverykit.replay}. */
    ReplayKey replayKey();

    /** In this JVM or in a child JVM; a delivery order runs in this JVM. */
    CrashMode mode();

    /**
     * What a person reads in the IDE and the report:
     * {@code crash after commit #3 in OutboxRelay.publishPending (via Database.inTransaction)},
     * {@code crash at after-outbox-insert #1 (child JVM)}, {@code record boundaries (crash-free run)},
     * {@code deliver A3,A1,A2,A3}.
     */
    String displayName();

    /** {@code RECORD}, {@code CRASH}, {@code CRASH_PAIR} or {@code ORDER}: the case's kind in report.json. */
    String kind();

    /**
     * Whether {@code requested} ({@code deliverykit.replay}) selects this case: its key, its key without the
     * mode (which selects every mode), or, for a case whose key names no mode, its key with this case's mode.
     */
    default boolean isSelectedBy(ReplayKey requested) {
        return replayKey().isSelectedBy(requested)
                || requested instanceof ReplayKey.Crash wanted
                        && wanted.mode().filter(mode()::equals).isPresent()
                        && replayKey().equals(wanted.withoutMode())
                || requested instanceof ReplayKey.Pair pair
                        && pair.mode().filter(mode()::equals).isPresent()
                        && replayKey().equals(pair.withoutMode());
    }

    /** A case whose workload runs on the boundary engine, recording or crashing. */
    sealed interface EngineCase extends KitCase permits RecordBoundaries, CrashAtHit, CrashPair {

        /** Where the workload crashes: empty for a recording. */
        default Optional<CrashAtHit> workloadCrash() {
            return Optional.empty();
        }
    }

    /**
     * A crash-free run that records every hit of {@code watch} (a sweep's first invocation).
     *
     * @param mode in this JVM or in a child JVM
     * @param watch what the run records
     */
    record RecordBoundaries(CrashMode mode, WatchList watch) implements EngineCase {

        public RecordBoundaries {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(watch, "watch");
        }

        @Override
        public ReplayKey replayKey() {
            return ReplayKey.crashFree();
        }

        @Override
        public String displayName() {
            return "record boundaries (crash-free run)" + (mode == CrashMode.CHILD_PROCESS ? " (child JVM)" : "");
        }

        @Override
        public String kind() {
            return "RECORD";
        }
    }

    /**
     * A crash at hit {@code occurrence} of {@code boundary}.
     *
     * @param boundary where the workload dies
     * @param occurrence which hit of it, from 1
     * @param mode in this JVM or in a child JVM
     * @param watch what else the run counts, so that a missed boundary can be explained, and what it sees through
     *     when it names the crash site
     * @param site where the recording saw the hit, such as
     *     {@code OutboxRelay.publishPending (via Database.inTransaction)}, if known
     * @param replayKey the key; names the mode only when the test crashes the same hit in both modes
     * @param equivalents the points of a sweep equivalent to this one, which this case stands for (see
     *     {@link dev.deliverykit.boundary.EquivalentCrashPoints}), as {@code after statement "INSERT …" #1 in
     *     Outbox.add}; empty when it stands for no other
     */
    record CrashAtHit(
            Boundary boundary,
            int occurrence,
            CrashMode mode,
            WatchList watch,
            Optional<String> site,
            ReplayKey.Crash replayKey,
            List<String> equivalents,
            Fault fault)
            implements EngineCase {

        private static final int SQL_SHOWN = 48;

        public CrashAtHit {
            Objects.requireNonNull(boundary, "boundary");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(watch, "watch");
            Objects.requireNonNull(site, "site");
            Objects.requireNonNull(replayKey, "replayKey");
            Objects.requireNonNull(fault, "fault");
            equivalents = List.copyOf(equivalents);
            if (occurrence < 1) {
                throw new IllegalArgumentException(SweepMessages.hitBelowOne(occurrence));
            }
        }

        /** A crash at hit {@code occurrence} of {@code boundary}, with the key its name or selector spec gives. */
        static CrashAtHit of(
                Boundary boundary, int occurrence, CrashMode mode, WatchList watch, Optional<String> site) {
            ReplayKey.Crash key = CrashPlan.at(boundary).occurrence(occurrence).key();
            return new CrashAtHit(boundary, occurrence, mode, watch, site, key, List.of(), Fault.CRASH);
        }

        /** The injected failure at the same point ({@link Fault#FAILURE}): the call fails, the process lives on. */
        CrashAtHit failing() {
            return new CrashAtHit(
                    boundary, occurrence, mode, watch, site, replayKey.failing(), equivalents, Fault.FAILURE);
        }

        /** This case standing for {@code others}, the points of its sweep equivalent to it. */
        CrashAtHit standingFor(List<String> others) {
            return new CrashAtHit(boundary, occurrence, mode, watch, site, replayKey, others, fault);
        }

        /** {@code after commit #1 in OrderService.placeOrder}: where, without the mode. */
        public String point() {
            return where() + " #" + occurrence
                    + site.or(() -> place().map(CrashSites::name))
                            .map(text -> " in " + text)
                            .orElse("");
        }

        /** The engine's plan of this crash. */
        public CrashPlan plan() {
            return CrashPlan.at(boundary).occurrence(occurrence).watching(watch).fault(fault);
        }

        @Override
        public Optional<CrashAtHit> workloadCrash() {
            return Optional.of(this);
        }

        /**
         * This case with its mode in its replay key, for a test that crashes the same boundary and hit in both
         * modes (see {@link ReplayKey#withMode}).
         */
        CrashAtHit withModeInReplayKey() {
            return new CrashAtHit(
                    boundary, occurrence, mode, watch, site, replayKey.withMode(mode), equivalents, fault);
        }

        /**
         * {@code crash after commit #1 in OutboxRelay.publishPending (via Database.inTransaction)}: for a boundary
         * within a place, the occurrence there, and the place when the site is not known (a replayed case).
         */
        @Override
        public String displayName() {
            return (fault == Fault.FAILURE ? "fail " : "crash ")
                    + point()
                    + (mode == CrashMode.CHILD_PROCESS ? " (child JVM)" : "");
        }

        private Optional<Place> place() {
            return boundary.selector() instanceof Selector.Within within
                    ? Optional.of(within.place())
                    : Optional.empty();
        }

        /** {@code at boundary-2}, {@code after commit}, {@code before statement "INSERT INTO outbox(...) VALU…"}. */
        String where() {
            if (boundary.isNamed()) {
                // A built-in boundary reads as a place: "after the Kafka broker acknowledged".
                return BrokerBoundaries.words(boundary.name())
                        .or(() -> SpringBoundaries.words(boundary.name()))
                        .orElse("at " + boundary.name());
            }
            Selector selector =
                    boundary.selector() instanceof Selector.Within within ? within.selector() : boundary.selector();
            String description = shortenQuoted(selector.description());
            return description.startsWith("before ") || description.startsWith("after ")
                    ? description
                    : "at " + description;
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
        public String kind() {
            return fault.name();
        }
    }

    /**
     * A crash at {@code first} (in its mode), then the first {@code scenario.restart(...)} crashing at
     * {@code recovery} in this JVM, as the in-process crash of a fresh process; then the same recovery again, with
     * no crash, and the checks. A sweep with {@code crashRecovery = true} makes one per hit its first crash's
     * recovery reached.
     *
     * @param first the workload's crash
     * @param recovery the first recovery's crash, hits counted from the recovery's start; in process, its key
     *     naming no mode
     */
    record CrashPair(CrashAtHit first, CrashAtHit recovery) implements EngineCase {

        public CrashPair {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(recovery, "recovery");
            if (recovery.mode() != CrashMode.IN_PROCESS) {
                throw new IllegalArgumentException(SweepMessages.recoveryOutsideThisJvm(recovery.mode()));
            }
        }

        @Override
        public ReplayKey.Pair replayKey() {
            return ReplayKey.pair(first.replayKey(), recovery.replayKey());
        }

        /** The first crash's: the recovery always runs in this JVM. */
        @Override
        public CrashMode mode() {
            return first.mode();
        }

        @Override
        public Optional<CrashAtHit> workloadCrash() {
            return Optional.of(first);
        }

        /** {@code crash after commit #2 in Relay.publish, then after commit #1 in Relay.recover}. */
        @Override
        public String displayName() {
            return first.displayName() + ", then " + recovery.point();
        }

        @Override
        public String kind() {
            return "CRASH_PAIR";
        }
    }

    /**
     * A delivery of the entry point's calls in {@code order}, in this JVM.
     *
     * @param delivery the runner, at the test's entry point
     * @param order the order of this invocation
     */
    record DeliverOrder(OrderedDelivery delivery, DeliveryOrder order) implements KitCase {

        public DeliverOrder {
            Objects.requireNonNull(delivery, "delivery");
            Objects.requireNonNull(order, "order");
        }

        @Override
        public ReplayKey replayKey() {
            return order.key();
        }

        @Override
        public CrashMode mode() {
            return CrashMode.IN_PROCESS;
        }

        @Override
        public String displayName() {
            return "deliver " + order;
        }

        @Override
        public String kind() {
            return "ORDER";
        }
    }
}
