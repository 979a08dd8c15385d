package dev.deliverykit.invariant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * The judgement of one {@link Invariant#check()}: its violations, sorted (by {@link ViolationKind} in
 * declaration order, then by subject in natural order, so {@code key9} comes before {@code key10}), and a
 * deterministic human message.
 *
 * <pre>{@code
 * exactly once per key: violated (checked 3 intent keys, 3 effect rows)
 *   lost intent: 1 key
 *     reserve42:1:0: found 0 effects, expected exactly 1
 *   duplicate effect: 1 key
 *     reserve43:1:0: found 2 effects, expected exactly 1
 * }</pre>
 *
 * @param invariantName the {@link Invariant#name()} it judges
 * @param description   the {@link Invariant#description()}
 * @param checked       what was read, for example {@code 3 intent keys, 3 effect rows}: a result over
 *                      nothing holds vacuously, and this says so
 * @param violations    what was found; empty exactly when the invariant {@link Verdict#HOLDS}
 * @param evidence      whether it read any row: a result over nothing holds vacuously
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InvariantResult(
        String invariantName, String description, String checked, List<Violation> violations, Evidence evidence) {

    /** Messages list at most this many violations of each kind, then say how many more there are. */
    public static final int LISTED_PER_KIND = 20;

    private static final Comparator<Violation> REPORT_ORDER = Comparator.comparing(Violation::kind)
            .thenComparing(Violation::subject, NaturalOrder.INSTANCE)
            .thenComparing(Violation::found, NaturalOrder.INSTANCE)
            .thenComparing(Violation::expected, NaturalOrder.INSTANCE);

    /** Rejects null fields and keeps an unmodifiable copy of the violations in report order. */
    public InvariantResult {
        Objects.requireNonNull(invariantName, "invariantName");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(checked, "checked");
        Objects.requireNonNull(violations, "violations");
        Objects.requireNonNull(evidence, "evidence");
        List<Violation> sorted = new ArrayList<>(violations);
        sorted.forEach(v -> Objects.requireNonNull(v, "a violation is null"));
        sorted.sort(REPORT_ORDER);
        violations = List.copyOf(sorted);
    }

    /**
     * A result of an invariant of your own that does not say what it read ({@link Evidence#NOT_SAID}).
     */
    public InvariantResult(String invariantName, String description, String checked, List<Violation> violations) {
        this(invariantName, description, checked, violations, Evidence.NOT_SAID);
    }

    /** {@link Verdict#HOLDS} when there is no violation, else {@link Verdict#VIOLATED}. */
    public Verdict verdict() {
        return violations.isEmpty() ? Verdict.HOLDS : Verdict.VIOLATED;
    }

    /** The violations about {@code subject} (see {@link Violation#subjectOf(Object...)}), in report order. */
    public List<Violation> violationsFor(String subject) {
        Objects.requireNonNull(subject, "subject");
        return violations.stream().filter(v -> v.subject().equals(subject)).toList();
    }

    /** The violations of one kind, in report order. */
    public List<Violation> violationsOf(ViolationKind kind) {
        Objects.requireNonNull(kind, "kind");
        return violations.stream().filter(v -> v.kind() == kind).toList();
    }

    /**
     * The violations grouped by kind, one line per group ({@code "  lost intent: 1 key"}) followed by one
     * line per violation ({@code "    reserve42:1:0: found 0 effects, expected exactly 1"}), at most
     * {@value #LISTED_PER_KIND} per kind; lines end with {@code \n} except the last. Empty when it holds.
     */
    public String details() {
        Map<ViolationKind, List<Violation>> byKind = violations.stream()
                .collect(Collectors.groupingBy(
                        Violation::kind, () -> new EnumMap<>(ViolationKind.class), Collectors.toList()));
        List<String> lines = new ArrayList<>();
        byKind.forEach((kind, group) -> {
            lines.add("  " + kind.label() + ": " + kind.countSubjects(group.size()));
            group.stream().limit(LISTED_PER_KIND).forEach(v -> lines.add("    " + v.line()));
            if (group.size() > LISTED_PER_KIND) {
                lines.add("    ... and " + (group.size() - LISTED_PER_KIND) + " more");
            }
        });
        return String.join("\n", lines);
    }

    /**
     * {@code "<name>: holds (checked <checked>)"}, or {@code "<name>: violated (checked <checked>)"} followed
     * by a line break and the {@link #details()}.
     */
    public String message() {
        return switch (verdict()) {
            case HOLDS -> invariantName + ": holds (checked " + checked + ")";
            case VIOLATED -> invariantName + ": violated (checked " + checked + ")\n" + details();
        };
    }
}
