package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.internal.text.Message;
import java.util.List;

/**
 * The messages of a sweep that cannot fail: what the run committed is not where its {@code @CheckInvariant}
 * invariants read. Each lists what every invariant read, one line each, and the likely causes.
 */
final class VacuousMessages {

    private VacuousMessages() {}

    /**
     * The crash-free run committed {@code commits} times and every invariant read nothing after it.
     *
     * @param child whether the run was in a child JVM
     * @param reads a line per invariant, as {@link #read} and its siblings say
     */
    static Message nothingAfterTheCrashFreeRun(boolean child, long commits, List<String> reads) {
        String causes = child
                ? "commits that did not survive the child JVM's exit (H2's default WRITE_DELAY: add ;WRITE_DELAY=0 to"
                        + " the URL; SQLite with PRAGMA synchronous=OFF), an in-memory database (jdbc:h2:mem:,"
                        + " jdbc:sqlite::memory:), which ends with the child, or invariants that read another database"
                        + " than the one the workload writes (another directory or file name)."
                : "an in-memory database (jdbc:sqlite::memory:, an unnamed jdbc:h2:mem:) that each new connection"
                        + " sees empty, or invariants that read another database than the one the workload writes"
                        + " (another directory or file name).";
        return Message.of(
                "The crash-free run" + (child ? " in a child JVM" : "") + " committed " + commits
                        + (commits == 1 ? " time" : " times") + ", but every invariant declared with @CheckInvariant"
                        + " read nothing after it, so no crash case of this sweep could fail:\n"
                        + String.join("\n", reads) + "\n"
                        + "What the run committed is not in the databases these invariants read. Likely causes: "
                        + causes,
                null,
                "make the workload's commits durable and give each invariant's JdbcSource the URL the workload writes;"
                        + " an invariant that reads no row by design says so with"
                        + " @CheckInvariant(emptyByDesign = true).");
    }

    /**
     * The child JVM crashed after all {@code commits} commits, and the invariants that read rows after the crash-free
     * run read nothing before the recovery.
     *
     * @param reads a line per such invariant
     */
    static Message commitsLost(long commits, List<String> reads) {
        return Message.of(
                "The child JVM crashed after all " + commits + " commits of the workload, yet none of them survived"
                        + " its exit: the invariants that read rows after the crash-free run read nothing now, before"
                        + " the recovery:\n"
                        + String.join("\n", reads) + "\n"
                        + "The database loses commits when its process ends without closing it. Likely causes: H2's"
                        + " default WRITE_DELAY (add ;WRITE_DELAY=0 to the URL), SQLite with PRAGMA synchronous=OFF,"
                        + " or a database that writes on close or on a timer.",
                null,
                "make every commit durable when it returns, as in production after a power cut; otherwise every crash"
                        + " of this sweep holds vacuously.");
    }

    /** {@code [field] description: }, the start of the line of one invariant. */
    static String invariant(String field, String description) {
        return "[" + field + "] " + description + ": ";
    }

    /** The line of {@code invariant} that read rows. */
    static String read(String invariant, String checked) {
        return invariant + "read rows (checked " + checked + ")";
    }

    /** The line of {@code invariant} that read nothing. */
    static String readNothing(String invariant, String checked) {
        return invariant + "read nothing (checked " + checked + ")";
    }

    /** The line of {@code invariant} whose tables could not be read, as {@code failure} says. */
    static String unreadable(String invariant, String failure) {
        return invariant + "could not read its tables (" + failure + ")";
    }
}
