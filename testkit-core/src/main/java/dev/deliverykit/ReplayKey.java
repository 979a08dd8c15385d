package dev.deliverykit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The identity of one case, as failures print it and {@code deliverykit.replay} reads it back:
 * {@code ;}-separated {@code field=value} pairs in a fixed order. This is the kit's one codec of replay keys:
 * crash plans, delivery orders and the JUnit face write them with it, and read them with {@link #parse}.
 *
 * <ul>
 *   <li>{@code boundary=NAME;hit=N}: hit N of a catalogue boundary ({@link #boundary(String, int)});</li>
 *   <li>{@code selector=SPEC;hit=N}: hit N of an unnamed boundary, by its selector's spec
 *       ({@link #selector(String, int)}), for example {@code selector=after-commit;hit=3} or
 *       {@code selector=after-statement=COMMIT;hit=2};</li>
 *   <li>{@code selector=SPEC;within=PLACE;hit=N}: hit N of the boundary among those reached while the method
 *       {@code PLACE} was on the stack ({@link #selectorWithin(String, String, int)}), for example
 *       {@code selector=after-commit;within=com.example.orders.OutboxRelay#publishPending;hit=1}: work added
 *       elsewhere in the run does not change which point it names;</li>
 *   <li>any of these with {@code ;fault=failure} ({@link Crash#failing()}): the call there fails and the process
 *       lives on (see {@link Fault}), for example {@code selector=after-commit;hit=1;fault=failure};</li>
 *   <li>either of the two with {@code ;mode=in-process} or {@code ;mode=child-process}
 *       ({@link Crash#withMode(CrashMode)}): when one test crashes the same boundary and hit in both modes,
 *       so that the key still names one case. A key without a mode selects the case in every mode;</li>
 *   <li>a crash key, then the same fields prefixed with {@code recovery.}: a crash, then a crash of the first
 *       recovery after it ({@link #pair(Crash, Crash)}), for example
 *       {@code selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1}; a {@code ;mode=...}
 *       is the first crash's (the recovery always crashes in the test's JVM) and comes last;</li>
 *   <li>{@code crash=none}: a sweep's crash-free recording run ({@link #crashFree()});</li>
 *   <li>{@code order=A3,A1,A2,A3}: a delivery-order case ({@link #order(String)});</li>
 *   <li>{@code seed=...}: reserved for seeded cases.</li>
 * </ul>
 *
 * <p>In a value, {@code %}, {@code ;}, quotes, {@code \}, {@code $}, backquotes and control characters are
 * percent-encoded ({@code %3B}), so that a key survives shell quoting and {@code junit-platform.properties}.
 *
 * <pre>{@code
 * ReplayKey.boundary("after-outbox-insert", 2).text();     // "boundary=after-outbox-insert;hit=2"
 * ReplayKey.parse("selector=after-commit;hit=3");           // Crash[target=SELECTOR, point=after-commit, hit=3, ...]
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ReplayKey
        permits ReplayKey.Crash, ReplayKey.Pair, ReplayKey.CrashFree, ReplayKey.Order, ReplayKey.Schedule {

    /** How a crash key names the boundary it crashes at. */
    enum Target {
        /** By the name of a catalogue boundary: {@code boundary=NAME}. */
        BOUNDARY,
        /** By the spec of an unnamed boundary's selector: {@code selector=SPEC}. */
        SELECTOR
    }

    /** The key of a crash at the {@code occurrence}th hit of a catalogue boundary: {@code boundary=NAME;hit=N}. */
    static Crash boundary(String name, int occurrence) {
        return new Crash(Target.BOUNDARY, name, Optional.empty(), occurrence, Optional.empty());
    }

    /** The key of a crash at the {@code occurrence}th hit of an unnamed boundary with this selector spec: {@code selector=SPEC;hit=N}. */
    static Crash selector(String spec, int occurrence) {
        return new Crash(Target.SELECTOR, spec, Optional.empty(), occurrence, Optional.empty());
    }

    /**
     * The key of a crash at the {@code occurrence}th hit of an unnamed boundary among its hits within a place:
     * {@code selector=SPEC;within=PLACE;hit=N}, for example
     * {@code selectorWithin("after-commit", "com.example.orders.OutboxRelay#publishPending", 1)}.
     */
    static Crash selectorWithin(String spec, String place, int occurrence) {
        return new Crash(Target.SELECTOR, spec, Optional.of(place), occurrence, Optional.empty());
    }

    /**
     * The key of a crash at {@code first}, then a crash of the recovery at {@code recovery}:
     * {@code selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1}.
     *
     * @throws IllegalArgumentException if {@code recovery} names a mode
     */
    static Pair pair(Crash first, Crash recovery) {
        return new Pair(first, recovery);
    }

    /** The key of a sweep's crash-free recording run: {@code crash=none}. */
    static CrashFree crashFree() {
        return new CrashFree();
    }

    /** The key of a delivery-order case: {@code order=A3,A1,A2,A3}, given the order's text. */
    static Order order(String order) {
        return new Order(order);
    }

    /** The key of a schedule of several instances: {@code schedule=relay-a:1,relay-b:2,relay-a:1}, given its turns. */
    static Schedule schedule(String turns) {
        return new Schedule(turns);
    }

    /**
     * Reads a key as {@link #text()} writes it; white space around the key is ignored.
     *
     * @throws IllegalArgumentException naming what is wrong and the expected form
     */
    static ReplayKey parse(String text) {
        return ReplayKeyText.parse(text);
    }

    /**
     * The decoded value of one {@code field=value} entry of a key, read leniently: other entries are not
     * checked, so that a delivery order can be read from a key that also names a crash
     * ({@code boundary=after-commit;hit=2;order=A3,A1,A2,A3}).
     */
    static Optional<String> entry(String text, String field) {
        return ReplayKeyText.entry(text, field);
    }

    /** {@code boundary=after-outbox-insert;hit=1}: what a failure prints, and {@link #parse} reads back. */
    default String text() {
        return ReplayKeyText.text(this);
    }

    /**
     * Whether {@code requested} (from {@code deliverykit.replay}) selects the case with this key: the same key,
     * or the same crash key (or pair) without a mode (which selects the case in every mode).
     */
    default boolean isSelectedBy(ReplayKey requested) {
        if (requested.equals(this)) {
            return true;
        }
        if (requested instanceof Pair wanted && this instanceof Pair pair) {
            return wanted.first().mode().isEmpty() && wanted.equals(pair.withoutMode());
        }
        return requested instanceof Crash wanted
                && wanted.mode().isEmpty()
                && this instanceof Crash crash
                && wanted.equals(crash.withoutMode());
    }

    /**
     * A crash at one occurrence of a boundary, in one mode or in every mode.
     *
     * @param target whether {@code point} is a catalogue boundary's name or a selector's spec
     * @param point the boundary's name or the selector's spec
     * @param within the place ({@code Type#method}) whose hits {@code occurrence} counts, for a selector; empty for
     *     every hit of the boundary
     * @param occurrence which hit of the boundary crashes, counted from 1 (the key's {@code hit=N})
     * @param mode the one mode the key selects, or empty for every mode
     * @param fault what happens at the point: the process dies there, or the call fails and it lives on
     */
    record Crash(
            Target target, String point, Optional<String> within, int occurrence, Optional<CrashMode> mode, Fault fault)
            implements ReplayKey {

        /**
         * Checks the parts.
         *
         * @throws IllegalArgumentException for an empty point or place, a place with a boundary name, or an
         *     occurrence below 1
         */
        public Crash {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(point, ReplayKeyText.field(target));
            Objects.requireNonNull(within, "within");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(fault, "fault");
            if (point.isEmpty()) {
                throw new IllegalArgumentException(ReplayKeyMessages.emptyPoint(ReplayKeyText.field(target)));
            }
            if (within.isPresent() && (target != Target.SELECTOR || within.get().isEmpty())) {
                throw new IllegalArgumentException(
                        target != Target.SELECTOR
                                ? ReplayKeyMessages.placeOfABoundary()
                                : ReplayKeyMessages.emptyPlace());
            }
            if (occurrence < 1) {
                throw new IllegalArgumentException(ReplayKeyMessages.hitBelowOne(occurrence));
            }
        }

        /** A crash's key. */
        public Crash(Target target, String point, Optional<String> within, int occurrence, Optional<CrashMode> mode) {
            this(target, point, within, occurrence, mode, Fault.CRASH);
        }

        /** A crash's key without a place. */
        public Crash(Target target, String point, int occurrence, Optional<CrashMode> mode) {
            this(target, point, Optional.empty(), occurrence, mode);
        }

        /** This key with {@code ;mode=in-process} or {@code ;mode=child-process}. */
        public Crash withMode(CrashMode crashMode) {
            return new Crash(
                    target, point, within, occurrence, Optional.of(Objects.requireNonNull(crashMode, "mode")), fault);
        }

        /** This key without its mode (itself if it names none). */
        public Crash withoutMode() {
            return mode.isEmpty() ? this : new Crash(target, point, within, occurrence, Optional.empty(), fault);
        }

        /** The key of an injected failure at the same point: {@code ;fault=failure}. */
        public Crash failing() {
            return new Crash(target, point, within, occurrence, mode, Fault.FAILURE);
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * A crash, then a crash of the first recovery after it (in the test's JVM), then a second recovery.
     *
     * @param first the workload's crash; its mode, if any, is the pair's
     * @param recovery the first recovery's crash, counted from the recovery's start; names no mode
     */
    record Pair(Crash first, Crash recovery) implements ReplayKey {

        /**
         * Checks the parts.
         *
         * @throws IllegalArgumentException if {@code recovery} names a mode
         */
        public Pair {
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(recovery, "recovery");
            if (recovery.mode().isPresent()) {
                throw new IllegalArgumentException(ReplayKeyMessages.pairRecoveryWithAMode());
            }
        }

        /** The first crash's mode: the one mode the key selects, or empty for every mode. */
        public Optional<CrashMode> mode() {
            return first.mode();
        }

        /** This key with its first crash in one mode ({@code ;mode=child-process}). */
        public Pair withMode(CrashMode crashMode) {
            return new Pair(first.withMode(crashMode), recovery);
        }

        /** This key without its mode (itself if it names none). */
        public Pair withoutMode() {
            return first.mode().isEmpty() ? this : new Pair(first.withoutMode(), recovery);
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /** A sweep's crash-free recording run: {@code crash=none}. */
    record CrashFree() implements ReplayKey {

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * A delivery-order case.
     *
     * @param order the order's text, such as {@code A3,A1,A2,A3}
     */
    record Order(String order) implements ReplayKey {

        /** Checks that the order is given. */
        public Order {
            Objects.requireNonNull(order, "order");
            if (order.isEmpty()) {
                throw new IllegalArgumentException(ReplayKeyMessages.emptyOrder());
            }
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * A schedule of several instances: each turn's instance and how many of its steps it takes.
     *
     * @param turns {@code relay-a:1,relay-b:2,relay-a:1}
     */
    record Schedule(String turns) implements ReplayKey {

        /** Checks that the turns are given. */
        public Schedule {
            Objects.requireNonNull(turns, "turns");
            if (turns.isEmpty()) {
                throw new IllegalArgumentException(ReplayKeyMessages.emptySchedule());
            }
        }

        @Override
        public String toString() {
            return text();
        }
    }
}
