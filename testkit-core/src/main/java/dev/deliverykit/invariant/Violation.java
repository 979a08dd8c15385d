package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * One broken promise found by an invariant: which key, flow or row, what was found and what was expected.
 *
 * <pre>{@code
 * new Violation(ViolationKind.DUPLICATE_EFFECT, "reserve42:1:0", "2 effects", "exactly 1")
 *         .line();   // reserve42:1:0: found 2 effects, expected exactly 1
 * }</pre>
 *
 * @param kind     what kind of promise was broken
 * @param subject  the key, flow or row it is about, as {@link #subjectOf(Object...)} writes it: a one-column
 *                 key is its value ({@code reserve42:1:0}), a composite one its values in parentheses
 *                 ({@code (demo, 1, work-1)}), SQL {@code NULL} is {@code NULL}
 * @param found    what the committed state shows, for example {@code 0 effects}
 * @param expected what the protocol promises instead, for example {@code exactly 1}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Violation(ViolationKind kind, String subject, String found, String expected) {

    /** Rejects null fields. */
    public Violation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(found, "found");
        Objects.requireNonNull(expected, "expected");
    }

    /**
     * How a key made of {@code parts} is written in a {@link #subject()}: one part as itself, several as
     * {@code (a, b, c)}, {@code null} as {@code NULL}. Numbers are written as JDBC's {@code getString} writes
     * them, so {@code subjectOf("demo", 1, "work-1")} is {@code (demo, 1, work-1)}.
     */
    public static String subjectOf(Object... parts) {
        Objects.requireNonNull(parts, "parts");
        if (parts.length == 0) {
            throw new IllegalArgumentException(InvariantErrorMessages.keyWithoutParts());
        }
        if (parts.length == 1) {
            return partText(parts[0]);
        }
        return Arrays.stream(parts).map(Violation::partText).collect(Collectors.joining(", ", "(", ")"));
    }

    /** {@code subject: found <found>, expected <expected>}, the line reports print for it. */
    public String line() {
        return subject + ": found " + found + ", expected " + expected;
    }

    private static String partText(Object part) {
        return part == null ? "NULL" : part.toString();
    }
}
