package dev.deliverykit.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A duration as the kit's settings write it: a positive number with an optional unit {@code ms}, {@code s}
 * (the default), {@code m} or {@code h}, for example {@code 90 s} or {@code 200ms}.
 */
@API(status = INTERNAL, since = "0.1")
public final class DurationText {

    /** What a setting says it accepts, for error messages. */
    public static final String EXPECTED =
            "a positive number with an optional unit ms, s (default), m or h, for" + " example 90 s";

    private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})\\s*(ms|s|m|h)?");

    private DurationText() {}

    /** The duration {@code text} says, or empty if it is not one (or zero). */
    public static Optional<Duration> parse(String text) {
        Matcher matcher = DURATION.matcher(text.trim());
        if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
            return Optional.empty();
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        switch (unit) {
            case "ms":
                return Optional.of(Duration.ofMillis(amount));
            case "m":
                return Optional.of(Duration.ofMinutes(amount));
            case "h":
                return Optional.of(Duration.ofHours(amount));
            default:
                return Optional.of(Duration.ofSeconds(amount));
        }
    }

    /** The duration {@code text} says, zero ({@code 0s}, {@code 0}) included; empty if it is not one. */
    public static Optional<Duration> parseZeroOrMore(String text) {
        Matcher matcher = DURATION.matcher(text.trim());
        if (matcher.matches() && Long.parseLong(matcher.group(1)) == 0) {
            return Optional.of(Duration.ZERO);
        }
        return parse(text);
    }

    /** How a duration reads in messages: {@code 10 s}, {@code 200 ms}. */
    public static String format(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
