package dev.deliverykit.invariant;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Small, deterministic pieces of report text. */
final class ReportFormat {

    /** Longer values are cut, so that one huge body cannot drown a report. */
    static final int MAX_VALUE_LENGTH = 120;
    /** Longer lists show their first items and a count. */
    static final int MAX_LISTED = 12;

    private ReportFormat() {
    }

    /** {@code "1 effect row"}, {@code "3 effect rows"}. */
    static String count(long count, String singular, String plural) {
        return count + " " + (count == 1 ? singular : plural);
    }

    /** {@code value}, or {@code NULL}, cut after {@value #MAX_VALUE_LENGTH} characters with its length. */
    static String value(String value) {
        if (value == null) {
            return "NULL";
        }
        if (value.length() <= MAX_VALUE_LENGTH) {
            return value;
        }
        return value.substring(0, MAX_VALUE_LENGTH) + "... (" + value.length() + " characters)";
    }

    /** {@code {id=1, op=work-1}}. */
    static String row(List<String> labels, List<String> values) {
        return IntStream.range(0, labels.size()).mapToObj(i -> labels.get(i) + "=" + value(values.get(i)))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /** {@code "3, 1, 2"}; past {@value #MAX_LISTED} items the first ones and {@code "... (40 in all)"}. */
    static String list(List<String> items) {
        if (items.size() <= MAX_LISTED) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, MAX_LISTED - 2)) + ", ... (" + items.size() + " in all)";
    }
}
