package dev.deliverykit.benchmarks.report;

import java.util.List;
import java.util.Locale;

/**
 * The figures as one Markdown table: figure, measured, baseline (both {@code median [p25-p75] n}), the
 * checked value, the target and the verdict. (The benchmarks keep their own small renderer: the
 * scenario report's table class is moving packages.)
 *
 * <pre>{@code
 * String markdown = ResultsTable.render(figures);
 * }</pre>
 */
public final class ResultsTable {

    private ResultsTable() {}

    /** The table, ending with a line break. */
    public static String render(List<Figure> figures) {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "#",
                "figure",
                "measured: median [p25-p75] n",
                "baseline in the same run",
                "value",
                "target",
                "verdict");
        line(out, "---", "---", "---", "---", "---", "---", "---");
        for (Figure figure : figures) {
            line(
                    out,
                    figure.id(),
                    figure.figure(),
                    figure.measured().what() + ": " + figure.measured().render(),
                    figure.baseline().what() + ": " + figure.baseline().render(),
                    figure.valueText(),
                    figure.target().map(Target::text).orElse("-"),
                    figure.verdict().name().toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String... cells) {
        out.append('|');
        for (String cell : cells) {
            out.append(' ').append(cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        out.append('\n');
    }
}
