package dev.deliverykit.junit5.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/** The texts closest to a mistyped one, by edit distance (Levenshtein: insertions, deletions, substitutions). */
@API(status = INTERNAL, since = "0.1")
public final class ClosestTexts {

    private ClosestTexts() {}

    /** At most {@code limit} distinct {@code candidates}, closest to {@code typed} first, ties in the given order. */
    public static List<String> to(String typed, Collection<String> candidates, int limit) {
        return candidates.stream()
                .distinct()
                .sorted(Comparator.comparingInt(candidate -> distance(typed, candidate)))
                .limit(limit)
                .toList();
    }

    /** The number of single-character insertions, deletions and substitutions that turn {@code a} into {@code b}. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
