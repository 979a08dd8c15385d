package dev.deliverykit;

/**
 * The messages of a replay key that cannot be read: each says what is wrong with the key and the form it should
 * have. They are clauses, put after the key by whoever reports it ({@code CrashPlan}, the JUnit face).
 */
final class ReplayKeyMessages {

    /** The forms of a key, for the end of every message about one. */
    static final String FORMAT = "boundary=NAME;hit=N, selector=SPEC;hit=N, selector=SPEC;within=Type#method;hit=N"
            + " (each with ;fault=failure for an injected failure, and with ;mode=in-process or"
            + " ;mode=child-process), crash=none, order=IDS or schedule=TURNS, for example"
            + " boundary=after-outbox-insert;hit=1, selector=after-commit;hit=3 or order=A3,A1,A2,A3";

    /** The form of a pair, for the end of every message about one. */
    static final String PAIR_FORMAT = "a pair such as"
            + " selector=after-commit;hit=2;recovery.selector=after-commit;recovery.hit=1 (optionally with"
            + " ;mode=in-process or ;mode=child-process)";

    private ReplayKeyMessages() {}

    static String pairWithoutFirstCrash() {
        return "a pair names its first crash before the recovery.* fields; expected " + PAIR_FORMAT;
    }

    /** The recovery's fields of a pair could not be read, for {@code why}. */
    static String unreadableRecovery(String why) {
        return "the recovery's fields (recovery.*): " + why;
    }

    static String pairOfNoCrashes() {
        return "a pair is a crash key followed by the recovery's crash key with each field prefixed recovery.;"
                + " expected " + PAIR_FORMAT;
    }

    static String pairWithAFailure() {
        return "a pair crashes the workload, then its recovery: it names no fault=failure; expected " + PAIR_FORMAT;
    }

    /** A pair's recovery names its own mode, {@code mode}. */
    static String recoveryWithAMode(String mode) {
        return "recovery.mode=" + mode + ": a recovery always crashes in the test's JVM; a pair's mode=... is its first"
                + " crash's; expected " + PAIR_FORMAT;
    }

    static String notAFieldValuePair(String part) {
        return "\"" + part + "\" is not a field=value pair; expected " + FORMAT;
    }

    static String unknownField(String field, Iterable<String> known) {
        return "unknown field \"" + field + "\"; known fields: " + String.join(", ", known) + "; expected " + FORMAT;
    }

    static String fieldTwice(String field) {
        return "field \"" + field + "\" appears twice; expected " + FORMAT;
    }

    static String seedReserved() {
        return "seed is reserved for seeded cases, which no test produces yet; expected " + FORMAT;
    }

    static String unknownMode(String mode) {
        return "mode must be in-process or child-process, got \"" + mode + "\"; expected " + FORMAT;
    }

    static String modeWithoutHit(String mode) {
        return "mode=" + mode + " only goes with boundary=NAME;hit=N or selector=SPEC;hit=N; expected " + FORMAT;
    }

    static String unknownFault(String fault) {
        return "fault must be failure (a crash key names no fault), got \"" + fault + "\"; expected " + FORMAT;
    }

    static String faultWithoutHit() {
        return "fault=failure only goes with boundary=NAME;hit=N or selector=SPEC;hit=N; expected " + FORMAT;
    }

    static String orderNotAlone(String order) {
        return "order=" + order + " stands alone (a delivery-order case); expected " + FORMAT;
    }

    static String scheduleNotAlone(String turns) {
        return "schedule=" + turns + " stands alone (a case of several instances); expected " + FORMAT;
    }

    static String emptySchedule() {
        return "a replay key names its schedule's turns, got none";
    }

    static String withinWithoutSelector(String within) {
        return "within=" + within + " only goes with selector=SPEC, the place whose hits hit=N counts; expected "
                + FORMAT;
    }

    static String crashNotAlone(String crash) {
        return "crash=" + crash + " stands alone as crash=none (a sweep's crash-free run); expected " + FORMAT;
    }

    static String notOneTarget() {
        return "a key names exactly one of boundary=NAME or selector=SPEC; expected " + FORMAT;
    }

    /** The hit field is {@code hit} (null: there is none), which is no whole number from 1. */
    static String badHit(String hit) {
        return "hit must be a whole number from 1, got " + (hit == null ? "no hit field" : "\"" + hit + "\"")
                + "; expected " + FORMAT;
    }

    /** The field {@code field} names nothing. */
    static String emptyTarget(String field) {
        return field + " names nothing; expected " + FORMAT;
    }

    static String emptyWithin() {
        return "within names no place; expected " + FORMAT;
    }

    /** {@code value} has a bad %-escape at {@code position}. */
    static String badEscape(String value, int position) {
        return "\"" + value + "\" has an invalid %-escape at position " + position
                + "; expected %XX with two hex digits";
    }

    /** A key's {@code field} (boundary or selector) is empty. */
    static String emptyPoint(String field) {
        return "a replay key names its " + field + ", got an empty one";
    }

    static String placeOfABoundary() {
        return "a place (within=) only goes with selector=SPEC: a catalogue boundary is a place already";
    }

    static String emptyPlace() {
        return "a replay key names its place (within=), got an empty one";
    }

    /** The occurrence {@code hit} is below 1. */
    static String hitBelowOne(int hit) {
        return "hit must be a whole number from 1, got \"" + hit + "\"";
    }

    /** A pair whose recovery names a mode. */
    static String pairRecoveryWithAMode() {
        return "a recovery always crashes in the test's JVM, so its key names no mode; a pair's mode is its first"
                + " crash's";
    }

    /** An order key of an empty order. */
    static String emptyOrder() {
        return "a replay key names its order, got an empty one";
    }
}
