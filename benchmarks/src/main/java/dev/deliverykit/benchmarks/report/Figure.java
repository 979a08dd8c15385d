package dev.deliverykit.benchmarks.report;

import java.util.Objects;
import java.util.Optional;

/**
 * One row of the results: a measured figure, the baseline measured in the same run, the value the target
 * is checked on (usually {@code measured / baseline}), the target and the verdict.
 *
 * <pre>{@code
 * Figure b1 = Figure.ratio("B1", "in-process crash case", crash, floor, Target.atMost(3.0, "x"));
 * b1.verdict();   // MET or MISSED
 * }</pre>
 *
 * @param id       {@code B1} ... {@code B7}, with a suffix for variants ({@code B2 AppCDS})
 * @param figure   what the row is about
 * @param measured the measured side
 * @param baseline the baseline measured in the same run
 * @param value    the checked value
 * @param valueText how the value is shown, e.g. {@code "2.41x"} or {@code "+38 ms"}
 * @param target   the target, if the row has one
 * @param verdict  met, missed, or info
 */
public record Figure(
        String id,
        String figure,
        Measurement measured,
        Measurement baseline,
        double value,
        String valueText,
        Optional<Target> target,
        Verdict verdict) {

    /** Checks the verdict matches the target. */
    public Figure {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(figure, "figure");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(valueText, "valueText");
        Objects.requireNonNull(target, "target");
        if (target.isPresent() != (verdict != Verdict.INFO)) {
            throw new IllegalArgumentException(id + ": verdict " + verdict + " does not fit target " + target);
        }
    }

    /** A row whose value is {@code measured.median / baseline.median}. */
    public static Figure ratio(String id, String figure, Measurement measured, Measurement baseline, Target target) {
        double ratio = measured.median() / baseline.median();
        return new Figure(
                id,
                figure,
                measured,
                baseline,
                ratio,
                Measurement.format(ratio) + "x",
                Optional.of(target),
                target.verdict(ratio));
    }

    /** A context row: the ratio is shown, no target. */
    public static Figure info(String id, String figure, Measurement measured, Measurement baseline) {
        double ratio = measured.median() / baseline.median();
        return new Figure(
                id, figure, measured, baseline, ratio, Measurement.format(ratio) + "x", Optional.empty(), Verdict.INFO);
    }

    /** A row whose value is the time added over the baseline, {@code measured.median - baseline.median}. */
    public static Figure added(
            String id, String figure, Measurement measured, Measurement baseline, Optional<Target> target) {
        double added = measured.median() - baseline.median();
        String text = (added >= 0 ? "+" : "") + Measurement.format(added) + " " + measured.unit()
                + (baseline.median() == 0
                        ? ""
                        : " (" + Measurement.format(measured.median() / baseline.median()) + "x)");
        return new Figure(
                id,
                figure,
                measured,
                baseline,
                added,
                text,
                target,
                target.map(t -> t.verdict(added)).orElse(Verdict.INFO));
    }

    /** A row with a value computed elsewhere (for example a throughput ratio normalised per commit). */
    public static Figure computed(
            String id,
            String figure,
            Measurement measured,
            Measurement baseline,
            double value,
            String valueText,
            Target target) {
        return new Figure(id, figure, measured, baseline, value, valueText, Optional.of(target), target.verdict(value));
    }
}
