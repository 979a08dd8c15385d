package dev.deliverykit.process;

import dev.deliverykit.internal.text.Message;

/**
 * The messages of a child JVM set up wrong, or that could not be started, spoken to or waited for: each names the
 * child, and a failure of a running child ends with its output so far.
 */
final class ChildJvmMessages {

    private ChildJvmMessages() {}

    /** A blank main class. */
    static String blankMainClass() {
        return "main class name must not be blank";
    }

    /** A child's time limit {@code timeout} that is not positive. */
    static String timeoutNotPositive(Object timeout) {
        return "timeout must be positive, got " + timeout;
    }

    /** A blank class path. */
    static String blankClassPath() {
        return "the class path of a child JVM must not be blank";
    }

    /** The child {@code child} could not be started by {@code java}, as {@code failure} says. */
    static String notStarted(String child, String failure, String java) {
        return "could not start " + child + ": " + failure + ". Check that " + java + " exists and is executable.";
    }

    /** No temporary directory for a child in {@code tmpdir}, as {@code failure} says. */
    static Message noTemporaryDirectory(String tmpdir, String failure) {
        return Message.of(
                "DeliveryKit could not create a temporary directory for a child JVM in " + tmpdir + " (" + failure
                        + ")",
                null,
                "make that directory writable, or start the test JVM with -Djava.io.tmpdir=<a writable directory>");
    }

    /** The child {@code child} did not take {@code line} on its standard input, as {@code failure} says. */
    static String lineRefused(String child, String line, String failure, String output) {
        return child + " did not accept \"" + line + "\" on stdin (it has probably exited): " + failure + "\n" + output;
    }

    /** The child {@code child} failed as {@code what} says. */
    static String failed(String child, String what, String output) {
        return child + " " + what + "\n" + output;
    }

    /** The child's output so far: its standard output, then its standard error. */
    static String output(String stdout, String stderr) {
        return "--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
    }

    /** The wait for {@code line} was interrupted. */
    static String interruptedAwaiting(String line) {
        return "was interrupted while waiting for the line \"" + line + "\"";
    }

    /** The child exited with {@code exitCode} before it printed {@code line}. */
    static String exitedBefore(String line, int exitCode) {
        return "exited with code " + exitCode + " without printing the line \"" + line + "\"";
    }

    /** The child did not print {@code line} within its time limit of {@code timeoutMillis}, and was killed. */
    static String lineNotPrinted(String line, long timeoutMillis) {
        return "did not print the line \"" + line + "\" within its timeout of " + timeoutMillis + " ms and was killed";
    }

    /** The child killed after its time limit of {@code timeoutMillis}. */
    static String killedAfterTimeout(long timeoutMillis) {
        return "was still running after its timeout of " + timeoutMillis + " ms and was killed";
    }

    /** The child killed because the thread waiting for it was interrupted. */
    static String killedOnInterrupt() {
        return "was killed because the waiting thread was interrupted";
    }

    /** A tail of fewer than one line. */
    static String tailBelowOne(int maxLines) {
        return "maxLines must be at least 1, got " + maxLines;
    }

    /** The child read {@code line} where it expected {@code go} after {@code ready}; null for the end of input. */
    static String handshakeBroken(String go, String ready, String line) {
        return "expected \"" + go + "\" on standard input after \"" + ready + "\" but got "
                + (line == null ? "end of input" : "\"" + line + "\"");
    }

    /** The child could not read {@code go} from its standard input. */
    static String handshakeUnreadable(String go) {
        return "could not read \"" + go + "\" from standard input";
    }
}
