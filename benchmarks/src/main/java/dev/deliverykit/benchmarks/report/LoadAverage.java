package dev.deliverykit.benchmarks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The machine's load average over 1, 5 and 15 minutes, as Linux gives it in {@code /proc/loadavg}: the
 * benchmarks share the machine with whatever else runs, and their absolute numbers mean little without it.
 *
 * <pre>{@code
 * LoadAverage.parse("1.52 0.98 0.61 2/345 6789").text();   // "1.52 0.98 0.61"
 * LoadAverage.now();                                        // Optional.empty() where there is no /proc
 * }</pre>
 *
 * @param one     over the last minute
 * @param five    over the last 5 minutes
 * @param fifteen over the last 15 minutes
 */
public record LoadAverage(double one, double five, double fifteen) {

    private static final Path PROC = Path.of("/proc/loadavg");

    /** The first three numbers of a {@code /proc/loadavg} line. */
    public static LoadAverage parse(String line) {
        String[] words = line.trim().split("\\s+");
        if (words.length < 3) {
            throw new IllegalArgumentException("not a /proc/loadavg line: " + line);
        }
        return new LoadAverage(
                Double.parseDouble(words[0]), Double.parseDouble(words[1]), Double.parseDouble(words[2]));
    }

    /** The load now, or empty where the system does not tell it. */
    public static Optional<LoadAverage> now() {
        try {
            return Optional.of(parse(Files.readString(PROC)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The load now as text, or {@code "unknown"}. */
    public static String nowText() {
        return now().map(LoadAverage::text).orElse("unknown");
    }

    /** {@code "1.52 0.98 0.61"} (1, 5, 15 minutes). */
    public String text() {
        return String.format(Locale.ROOT, "%.2f %.2f %.2f", one, five, fifteen);
    }
}
