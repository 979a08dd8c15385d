package dev.deliverykit.invariant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The result's order and message are deterministic, whatever order the violations were found in. */
class InvariantResultTest {

    private static Violation lost(String key) {
        return new Violation(ViolationKind.LOST_INTENT, key, "0 effects", "exactly 1");
    }

    private static Violation duplicate(String key) {
        return new Violation(ViolationKind.DUPLICATE_EFFECT, key, "2 effects", "exactly 1");
    }

    @Test
    void violationsAreSortedByKindThenBySubjectInNaturalOrder() {
        InvariantResult result = new InvariantResult(
                "exactly once per key",
                "d",
                "c",
                List.of(duplicate("k10"), lost("k2"), duplicate("k9"), lost("k10"), lost("(A, 10)"), lost("(A, 9)")));

        assertThat(result.violations())
                .containsExactly(
                        lost("(A, 9)"), lost("(A, 10)"), lost("k2"), lost("k10"), duplicate("k9"), duplicate("k10"));
        assertThat(result.violationsOf(ViolationKind.DUPLICATE_EFFECT))
                .containsExactly(duplicate("k9"), duplicate("k10"));
        assertThat(result.violationsFor("k10")).containsExactly(lost("k10"), duplicate("k10"));
        assertThat(result.verdict()).isEqualTo(Verdict.VIOLATED);
    }

    @Test
    void theViolationListIsAnUnmodifiableCopy() {
        List<Violation> found = new ArrayList<>(List.of(lost("k1")));
        InvariantResult result = new InvariantResult("n", "d", "c", found);
        found.add(lost("k2"));

        assertThat(result.violations()).containsExactly(lost("k1"));
        assertThatThrownBy(() -> result.violations().add(lost("k3"))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void messagesListTwentyViolationsPerKindAndCountTheRest() {
        List<Violation> many = new ArrayList<>();
        for (int i = 1; i <= 23; i++) {
            many.add(lost("k" + i));
        }
        many.add(duplicate("k1"));

        String message =
                new InvariantResult("exactly once per key", "d", "23 intent keys, 2 effect rows", many).message();

        List<String> lines = message.lines().toList();
        assertThat(lines).hasSize(1 + 1 + 20 + 1 + 2);
        assertThat(lines.get(0)).isEqualTo("exactly once per key: violated (checked 23 intent keys, 2 effect rows)");
        assertThat(lines.get(1)).isEqualTo("  lost intent: 23 keys");
        assertThat(lines.get(21)).isEqualTo("    k20: found 0 effects, expected exactly 1");
        assertThat(lines.subList(22, 25))
                .containsExactly(
                        "    ... and 3 more",
                        "  duplicate effect: 1 key",
                        "    k1: found 2 effects, expected exactly 1");
    }

    @Test
    void aResultWithoutViolationsHolds() {
        InvariantResult result = new InvariantResult("no lost intent", "d", "0 intent keys, 0 effect rows", List.of());

        assertThat(result.verdict()).isEqualTo(Verdict.HOLDS);
        assertThat(result.details()).isEmpty();
        assertThat(result.message()).isEqualTo("no lost intent: holds (checked 0 intent keys, 0 effect rows)");
    }

    @Test
    void subjectsOfCompositeKeysAreWrittenInParentheses() {
        assertThat(Violation.subjectOf("reserve42:1:0")).isEqualTo("reserve42:1:0");
        assertThat(Violation.subjectOf("demo", 1, "work-1")).isEqualTo("(demo, 1, work-1)");
        assertThat(Violation.subjectOf((Object) null)).isEqualTo("NULL");
        assertThatThrownBy(Violation::subjectOf)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(InvariantErrorMessages.keyWithoutParts());
    }

    @Test
    void naturalOrderComparesDigitRunsAsNumbersAndIsTotal() {
        List<String> sorted = new ArrayList<>(List.of("a10", "a9", "a09", "b", "a", "a1b", "a1a"));
        sorted.sort(NaturalOrder.INSTANCE);

        assertThat(sorted).containsExactly("a", "a1a", "a1b", "a09", "a9", "a10", "b");
    }
}
