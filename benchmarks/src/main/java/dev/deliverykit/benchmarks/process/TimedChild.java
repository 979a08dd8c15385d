package dev.deliverykit.benchmarks.process;

import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A whole child JVM, timed from the parent: start, run, exit.
 *
 * <pre>{@code
 * TimedChild.Run run = TimedChild.run(ChildJvm.mainClass(StartupMain.class).args("plain"));
 * run.millis();
 * }</pre>
 */
public final class TimedChild {

    /** How long any benchmark child may take before it is killed and the run fails. */
    public static final Duration TIMEOUT = Duration.ofMinutes(2);

    private TimedChild() {}

    /**
     * One timed child.
     *
     * @param millis wall time from start to exit, as seen by the parent
     * @param result exit code and output
     */
    public record Run(double millis, ChildResult result) {

        /** The number after {@code key=} (or {@code key } at a line start) in the child's stdout. */
        public long number(String key) {
            Matcher matcher = Pattern.compile(
                            "(?m)(?:\\b" + Pattern.quote(key) + "=|^" + Pattern.quote(key) + " )(\\d+)")
                    .matcher(result.stdout());
            if (!matcher.find()) {
                throw new IllegalStateException("the child printed no " + key + "=...; its output:\n" + result);
            }
            return Long.parseLong(matcher.group(1));
        }

        /** The durations of {@code CASE <i> <nanos>} lines, in order, in milliseconds. */
        public List<Double> caseMillis() {
            List<Double> cases = new ArrayList<>();
            Matcher matcher = Pattern.compile("(?m)^CASE \\d+ (\\d+)$").matcher(result.stdout());
            while (matcher.find()) {
                cases.add(Long.parseLong(matcher.group(1)) / 1e6);
            }
            return cases;
        }
    }

    /**
     * Runs the child to its end and checks its exit code.
     *
     * @throws IllegalStateException if it exits with another code
     */
    public static Run run(ChildJvm child, int expectedExitCode) {
        long start = System.nanoTime();
        ChildResult result = child.timeout(TIMEOUT).run();
        double millis = (System.nanoTime() - start) / 1e6;
        if (result.exitCode() != expectedExitCode) {
            throw new IllegalStateException("benchmark child " + child + " exited with " + result.exitCode()
                    + ", expected " + expectedExitCode + "; a failed child would be timed as if it had worked."
                    + " Its output:\n" + result);
        }
        return new Run(millis, result);
    }
}
