package dev.deliverykit.benchmarks.report;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A step of the benchmark run that threw: its figures are not measured, and the run went on with the others,
 * so that one failing figure does not cost the table.
 *
 * <pre>{@code
 * FailedStep failed = FailedStep.of("B8 child-process sweep", Set.of("B8"), exception);
 * failed.reason();   // "IllegalStateException: ... (cause: ...)"
 * }</pre>
 *
 * @param step    the step's label
 * @param figures the figures the step measures
 * @param reason  why it failed, in one line
 */
public record FailedStep(String step, Set<String> figures, String reason) {

    /** Checks nothing is missing. */
    public FailedStep {
        Objects.requireNonNull(step, "step");
        figures = Set.copyOf(figures);
        Objects.requireNonNull(reason, "reason");
    }

    /** The failure of {@code step}, its reason from the exception and its root cause. */
    public static FailedStep of(String step, Set<String> figures, Throwable thrown) {
        return new FailedStep(step, figures, reason(thrown));
    }

    /** {@code "Type: message"} of the exception, and of its root cause when that is another one. */
    public static String reason(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String reason = oneLine(thrown);
        if (root != thrown) {
            reason += " (root cause: " + oneLine(root) + ")";
        }
        return reason;
    }

    private static String oneLine(Throwable thrown) {
        String message = thrown.getMessage();
        String text = thrown.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return String.join(" ", List.of(text.split("\\s*\\R\\s*")));
    }
}
