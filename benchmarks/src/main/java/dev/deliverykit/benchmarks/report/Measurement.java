package dev.deliverykit.benchmarks.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map.Entry;
import java.util.Objects;
import java.util.SortedMap;

/**
 * What one side of a figure measured: the median over repeated runs, its spread (25th and 75th
 * percentile), how many runs, in one unit, and in words what exactly was timed.
 *
 * <pre>{@code
 * Measurement m = Measurement.ofSamples("crash case", "ms", List.of(41.0, 40.2, 43.9));
 * m.median();   // 41.0
 * m.render();   // "41.0 ms [40.6-42.5] n=3"
 * }</pre>
 *
 * @param what   what was timed
 * @param unit   the unit of every number
 * @param median the median
 * @param p25    the 25th percentile
 * @param p75    the 75th percentile
 * @param n      the number of runs behind the numbers
 */
public record Measurement(String what, String unit, double median, double p25, double p75, long n) {

    /** Checks the numbers are finite and ordered. */
    public Measurement {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(unit, "unit");
        if (!Double.isFinite(median) || !Double.isFinite(p25) || !Double.isFinite(p75) || n < 1) {
            throw new IllegalArgumentException(
                    what + ": a measurement needs finite numbers from at least one run, got median " + median + " ["
                            + p25 + "-" + p75 + "] n=" + n);
        }
    }

    /** Median and quartiles of {@code samples} (linear interpolation between closest ranks). */
    public static Measurement ofSamples(String what, String unit, List<Double> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException(what + ": no samples; the benchmark did not run");
        }
        double[] sorted =
                samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Measurement(
                what, unit, percentile(sorted, 50), percentile(sorted, 25), percentile(sorted, 75), sorted.length);
    }

    /**
     * Median and quartiles of weighted samples (value, how many times), such as JMH's sample histograms
     * pooled over several forks.
     */
    public static Measurement ofWeighted(String what, String unit, SortedMap<Double, Long> counts) {
        long n = counts.values().stream().mapToLong(Long::longValue).sum();
        if (n == 0) {
            throw new IllegalArgumentException(what + ": no samples; the benchmark did not run");
        }
        return new Measurement(
                what,
                unit,
                weightedPercentile(counts, n, 50),
                weightedPercentile(counts, n, 25),
                weightedPercentile(counts, n, 75),
                n);
    }

    private static double weightedPercentile(SortedMap<Double, Long> counts, long n, double p) {
        long rank = Math.max(1, (long) Math.ceil(p / 100.0 * n)); // nearest rank
        long seen = 0;
        for (Entry<Double, Long> entry : counts.entrySet()) {
            seen += entry.getValue();
            if (seen >= rank) {
                return entry.getKey();
            }
        }
        return counts.lastKey();
    }

    /** The {@code p}th percentile of sorted values. */
    static double percentile(double[] sorted, double p) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double rank = p / 100.0 * (sorted.length - 1);
        int low = (int) Math.floor(rank);
        int high = (int) Math.ceil(rank);
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
    }

    /** The same runs as a rate: {@code scale / value}; the quartiles swap sides. */
    public Measurement inverse(String rateWhat, String rateUnit, double scale) {
        return new Measurement(rateWhat, rateUnit, scale / median, scale / p75, scale / p25, n);
    }

    /** Every number multiplied by {@code factor}, in another unit. */
    public Measurement scaled(String newWhat, String newUnit, double factor) {
        return new Measurement(newWhat, newUnit, median * factor, p25 * factor, p75 * factor, n);
    }

    /** {@code "41.0 ms [40.6-42.5] n=3"}. */
    public String render() {
        return format(median) + " " + unit + " [" + format(p25) + "-" + format(p75) + "] n=" + n;
    }

    /** Three significant digits, at least one decimal below 100. */
    public static String format(double value) {
        double magnitude = Math.abs(value);
        if (magnitude >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (magnitude >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (magnitude >= 1) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.3f", value);
    }

    /** Median and quartiles of {@code samples}. */
    public static Measurement ofSamples(String what, String unit, double... samples) {
        return ofSamples(what, unit, Arrays.stream(samples).boxed().toList());
    }
}
