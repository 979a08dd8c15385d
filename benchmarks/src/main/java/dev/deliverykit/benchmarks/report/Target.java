package dev.deliverykit.benchmarks.report;

import java.util.Locale;

/**
 * The target of a figure: a bound on its checked value (usually the ratio to its baseline).
 *
 * <pre>{@code
 * Target.atMost(3.0, "x").verdict(2.4);     // MET
 * Target.between(0.8, 1.25, "x").text();    // "0.80x to 1.25x"
 * }</pre>
 *
 * @param low  the lowest value that meets it (or negative infinity)
 * @param high the highest value that meets it (or positive infinity)
 * @param unit how the checked value is written ({@code x} for a ratio, {@code ms} for added time)
 */
public record Target(double low, double high, String unit) {

    /** At most {@code high}. */
    public static Target atMost(double high, String unit) {
        return new Target(Double.NEGATIVE_INFINITY, high, unit);
    }

    /** At least {@code low}. */
    public static Target atLeast(double low, String unit) {
        return new Target(low, Double.POSITIVE_INFINITY, unit);
    }

    /** Between {@code low} and {@code high}. */
    public static Target between(double low, double high, String unit) {
        return new Target(low, high, unit);
    }

    /** Whether {@code value} meets it. */
    public Verdict verdict(double value) {
        return value >= low && value <= high ? Verdict.MET : Verdict.MISSED;
    }

    /** In words, e.g. {@code "at most 3.00x"}. */
    public String text() {
        if (low == Double.NEGATIVE_INFINITY) {
            return "at most " + number(high);
        }
        if (high == Double.POSITIVE_INFINITY) {
            return "at least " + number(low);
        }
        return number(low) + " to " + number(high);
    }

    private String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value) + unit;
    }
}
