package dev.deliverykit.junit5.internal.planning;

import dev.deliverykit.internal.text.Message;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import java.util.List;

/**
 * The messages of a sweep that would test nothing or too much: its runs reached no boundary to crash at, or more
 * than its cap. Each is several lines (a count per boundary, or a sentence that closes itself), so the sites render
 * them with {@link Message#lines()}.
 */
final class SweepMessages {

    /** The first way to fewer cases, shared by both caps: crash at fewer kinds of boundary. */
    private static final String NARROW =
            "narrow the sweep (kinds = SweepKind.COMMITS, sql = \"^(INSERT|UPDATE)\", boundaries = ...)";

    private SweepMessages() {}

    /**
     * The crash-free run reached no boundary of the swept kinds.
     *
     * @param sweep the test method, as {@code OrderTest.survives(CrashScenario)}
     * @param kinds the swept kinds
     * @param hits how many hits the run recorded in all
     */
    static Message nothingToCrash(String sweep, String kinds, int hits) {
        return new Message(
                "@CrashSweep on " + sweep,
                "the crash-free run reached no boundary of the swept kinds (" + kinds + "), so there is nothing to"
                        + " crash at and the sweep would test nothing. It recorded " + hits + " hit(s) in all.",
                null,
                "make the workload inside scenario.run(...) reach a commit or statement, or widen kinds, sql or"
                        + " boundaries.");
    }

    /**
     * The crash-free run reached more points than the sweep's cap.
     *
     * @param sweep the test method
     * @param points the boundary hits to crash at
     * @param pruned whether equivalent points were pruned to {@code crashCases} classes
     * @param crashCases the crash cases
     * @param failures the failure cases, one per hit; 0 without {@code faults = FAILURE}
     * @param cap the cap
     * @param capSource where the cap was set
     * @param perBoundary the lines {@code   5 x after commit}, most first
     */
    static Message tooManyCases(
            String sweep,
            int points,
            boolean pruned,
            int crashCases,
            int failures,
            int cap,
            String capSource,
            String perBoundary) {
        return new Message(
                "@CrashSweep on " + sweep,
                "the crash-free run reached " + points + " boundary hits to crash at"
                        + (pruned
                                ? ", in " + crashCases + " classes of equivalent points: " + crashCases + " crash cases"
                                : "")
                        + (failures > 0 ? ", and " + failures + " failure cases (one per hit, faults = FAILURE)" : "")
                        + ", more than the cap of " + cap + " (" + capSource + "); no crash case was run.\n"
                        + (pruned ? "Crash cases" : "Hits") + " per boundary (most first):\n" + perBoundary,
                null,
                NARROW + ", shorten the workload, or raise @CrashSweep(maxCases = ...) or "
                        + DeliveryKitConfiguration.SWEEP_MAX_CASES + ".");
    }

    /** None of the sweep's {@code crashCases} crash cases started a recovery to crash. */
    static Message noRecoveryToCrash(String sweep, int crashCases) {
        return Message.of(
                "@CrashSweep on " + sweep + " crashes recoveries, but none of its " + crashCases + " crash cases called"
                        + " scenario.restart(...), so there is no recovery to crash and crashRecovery would test"
                        + " nothing.",
                null,
                "recover with scenario.restart(() -> ...) after scenario.run(...), or drop crashRecovery.");
    }

    /**
     * The recoveries reached no boundary of the swept kinds.
     *
     * @param sweep the test method
     * @param recoveries how many crash cases recovered
     * @param kinds the swept kinds
     * @param hits how many hits the recoveries recorded in all
     */
    static Message recoveriesReachedNothing(String sweep, int recoveries, String kinds, int hits) {
        return new Message(
                "@CrashSweep on " + sweep,
                "the recoveries of its " + recoveries + " crash cases reached no boundary of the swept kinds (" + kinds
                        + "), so there is nothing to crash at in them and crashRecovery would test nothing. They"
                        + " recorded " + hits + " hit(s) in all.",
                null,
                "make the recovery inside scenario.restart(...) reach a commit or statement, widen kinds, sql or"
                        + " boundaries, or drop crashRecovery.");
    }

    /**
     * The recoveries reached more points than the recovery cap.
     *
     * @param sweep the test method
     * @param recoveries how many crash cases recovered
     * @param points the recovery hits to crash at
     * @param cap the cap
     * @param capSource where the cap was set
     * @param perCrash the lines {@code   6 x crash after commit #1}, most first
     */
    static Message tooManyRecoveryCases(
            String sweep, int recoveries, int points, int cap, String capSource, String perCrash) {
        return new Message(
                "@CrashSweep on " + sweep,
                "the recoveries of its " + recoveries + " crash cases reached " + points + " boundary hits to crash"
                        + " at, more than the cap of " + cap + " (" + capSource + "); no recovery crash case was"
                        + " run.\nRecovery hits per crash case (most first):\n" + perCrash,
                null,
                NARROW + ", which narrows the recovery crashes too, shorten the recovery, or raise"
                        + " @CrashSweep(maxRecoveryCases = ...) or " + DeliveryKitConfiguration.SWEEP_MAX_RECOVERY_CASES
                        + ".");
    }

    /**
     * The crash-free run reached {@code swept} boundaries of the swept kinds, none of them while {@code places} was on
     * the stack.
     *
     * @param sites where it reached them instead, at most {@code shown} of them named
     */
    static Message noneWithin(String sweep, String kinds, String places, int swept, List<String> sites, int shown) {
        return new Message(
                sweep,
                "the crash-free run reached no boundary of the swept kinds (" + kinds + ") while " + places
                        + " was on the stack, so there is nothing to crash at and the sweep would test nothing. It"
                        + " reached " + swept + " of them elsewhere"
                        + (sites.isEmpty()
                                ? ""
                                : ", in " + String.join(", ", sites.subList(0, Math.min(shown, sites.size())))
                                        + (sites.size() > shown ? " and " + (sites.size() - shown) + " more" : ""))
                        + ".",
                null,
                "name in within a method the workload runs (Type#method, the class's fully qualified name, nested"
                        + " classes with $), or drop within.");
    }

    /** A crash case at hit {@code occurrence}, below 1. */
    static String hitBelowOne(int occurrence) {
        return "hits are counted from 1, got " + occurrence;
    }

    /** A pair whose recovery crash is in {@code mode}, not in this JVM. */
    static String recoveryOutsideThisJvm(Object mode) {
        return "a recovery crashes in this JVM, got " + mode;
    }
}
