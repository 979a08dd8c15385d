package dev.deliverykit.junit5.assertions;

import static dev.deliverykit.junit5.assertions.DeliveryAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.deliverykit.invariant.Invariant;
import dev.deliverykit.invariant.InvariantDefinitionException;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Violation;
import dev.deliverykit.invariant.ViolationKind;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every assertion, passing and failing, with the exact AssertJ-style message of each failure. */
class InvariantAssertTest {

    private static final String DESCRIPTION = "every intent key of (SELECT command_id FROM outbox) on orchestrator.db"
            + " has exactly 1 effect in effect.intent_id on warehouse.db (and no key has 2 or more)";
    private static final Violation LOST = new Violation(ViolationKind.LOST_INTENT, "r2:1:0", "0 effects", "exactly 1");
    private static final Violation DUPLICATE =
            new Violation(ViolationKind.DUPLICATE_EFFECT, "r3:1:0", "2 effects", "exactly 1");

    private static final InvariantResult VIOLATED = new InvariantResult("exactly once per key", DESCRIPTION,
            "3 intent keys, 3 effect rows", List.of(DUPLICATE, LOST));
    private static final InvariantResult HELD = new InvariantResult("exactly once per key", DESCRIPTION,
            "3 intent keys, 3 effect rows", List.of());

    /** An invariant whose check returns {@code result} and counts how often it ran. */
    private static Invariant judging(InvariantResult result, AtomicInteger checks) {
        return new Invariant() {
            @Override
            public String name() {
                return result.invariantName();
            }

            @Override
            public String description() {
                return result.description();
            }

            @Override
            public InvariantResult check() {
                checks.incrementAndGet();
                return result;
            }
        };
    }

    private static Invariant judging(InvariantResult result) {
        return judging(result, new AtomicInteger());
    }

    @Test
    void holdsPassesWhenNothingIsViolatedAndFailsListingLostIntentsAndDuplicatesSeparately() {
        assertThat(judging(HELD)).holds();

        assertThatThrownBy(() -> assertThat(judging(VIOLATED)).holds())
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to hold, but it was violated (checked 3 intent keys, 3 effect rows):
                          lost intent: 1 key
                            r2:1:0: found 0 effects, expected exactly 1
                          duplicate effect: 1 key
                            r3:1:0: found 2 effects, expected exactly 1""".formatted(DESCRIPTION));
    }

    @Test
    void isViolatedPassesOnAViolationAndFailsSayingWhatWasChecked() {
        assertThat(judging(VIOLATED)).isViolated();

        assertThatThrownBy(() -> assertThat(judging(HELD)).isViolated())
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to be violated, but it held (checked 3 intent keys, 3 effect rows)""".formatted(DESCRIPTION));
    }

    @Test
    void hasViolationForFindsAKeyOfAnyKind() {
        assertThat(judging(VIOLATED)).hasViolationFor("r2:1:0").hasViolationFor("r3:1:0");

        assertThatThrownBy(() -> assertThat(judging(VIOLATED)).hasViolationFor("r1:1:0"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to have a violation for:
                          r1:1:0
                        but its violations were (checked 3 intent keys, 3 effect rows):
                          lost intent: 1 key
                            r2:1:0: found 0 effects, expected exactly 1
                          duplicate effect: 1 key
                            r3:1:0: found 2 effects, expected exactly 1""".formatted(DESCRIPTION));
        assertThatThrownBy(() -> assertThat(judging(HELD)).hasViolationFor("r1:1:0"))
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to have a violation for:
                          r1:1:0
                        but it held (checked 3 intent keys, 3 effect rows)""".formatted(DESCRIPTION));
    }

    @Test
    void hasViolationChecksTheKindToo() {
        assertThat(judging(VIOLATED)).hasViolation(ViolationKind.LOST_INTENT, "r2:1:0")
                .hasViolation(ViolationKind.DUPLICATE_EFFECT, "r3:1:0");

        assertThatThrownBy(() -> assertThat(judging(VIOLATED)).hasViolation(ViolationKind.DUPLICATE_EFFECT, "r2:1:0"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to have a violation (duplicate effect) for:
                          r2:1:0
                        but its violations were (checked 3 intent keys, 3 effect rows):
                          lost intent: 1 key
                            r2:1:0: found 0 effects, expected exactly 1
                          duplicate effect: 1 key
                            r3:1:0: found 2 effects, expected exactly 1""".formatted(DESCRIPTION));
        assertThatThrownBy(() -> assertThat(judging(HELD)).hasViolation(ViolationKind.LOST_INTENT, "r2:1:0"))
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to have a violation (lost intent) for:
                          r2:1:0
                        but it held (checked 3 intent keys, 3 effect rows)""".formatted(DESCRIPTION));
    }

    @Test
    void hasNoViolationForListsWhatWasFoundForThatKey() {
        assertThat(judging(VIOLATED)).hasNoViolationFor("r1:1:0");

        assertThatThrownBy(() -> assertThat(judging(VIOLATED)).hasNoViolationFor("r3:1:0"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("""

                        Expecting actual:
                          exactly once per key: %s
                        to have no violation for:
                          r3:1:0
                        but found:
                          r3:1:0: found 2 effects, expected exactly 1 (duplicate effect)""".formatted(DESCRIPTION));
    }

    @Test
    void compositeKeysAreGivenAsTheirParts() {
        InvariantResult resurrected = new InvariantResult("no resurrection after cleanup", "d", "2 effect rows, 1 key",
                List.of(new Violation(ViolationKind.RESURRECTED_EFFECT, "(demo, 1, work-1)", "2 effects", "at most 1")));

        assertThat(resurrected).hasViolationFor("demo", 1, "work-1").hasNoViolationFor("demo", 2, "work-1");
    }

    @Test
    void violationsNavigatesToAListAssertionInReportOrder() {
        assertThat(judging(VIOLATED)).violations().containsExactly(LOST, DUPLICATE);
        assertThat(judging(HELD)).violations().isEmpty();
    }

    @Test
    void anInvariantIsCheckedOnceForAWholeChain() {
        AtomicInteger checks = new AtomicInteger();

        assertThat(judging(VIOLATED, checks)).isViolated().hasViolationFor("r2:1:0").hasNoViolationFor("r1:1:0")
                .violations().hasSize(2);

        assertThat(checks).hasValue(1);
    }

    @Test
    void aDescriptionGivenWithAsPrefixesTheMessageAsInAssertJ() {
        assertThatThrownBy(() -> assertThat(judging(HELD)).as("after a crash at boundary 2").isViolated())
                .hasMessage("""
                        [after a crash at boundary 2]\s
                        Expecting actual:
                          exactly once per key: %s
                        to be violated, but it held (checked 3 intent keys, 3 effect rows)""".formatted(DESCRIPTION));
    }

    @Test
    void aNullActualFailsLikeAnyAssertJAssertion() {
        assertThatThrownBy(() -> assertThat((Invariant) null).holds())
                .isInstanceOf(AssertionError.class)
                .hasMessage("\nExpecting actual not to be null");
        assertThatThrownBy(() -> assertThat((InvariantResult) null).isViolated())
                .hasMessage("\nExpecting actual not to be null");
    }

    @Test
    void aBrokenDefinitionIsNotAFailedAssertionButItsOwnError() {
        Invariant broken = new Invariant() {
            @Override
            public String name() {
                return "mine";
            }

            @Override
            public String description() {
                return "d";
            }

            @Override
            public InvariantResult check() {
                throw new InvariantDefinitionException("invariant 'mine' could not run its query");
            }
        };

        assertThatThrownBy(() -> assertThat(broken).holds())
                .isExactlyInstanceOf(InvariantDefinitionException.class)
                .hasMessage("invariant 'mine' could not run its query");
    }

    @Test
    void aViolationInAMessageIsNeverReadAsAFormatPattern() {
        InvariantResult percent = new InvariantResult("100% once", "d %s %n", "1 key",
                List.of(new Violation(ViolationKind.UNEXPECTED_ROW, "50%", "row {rate=50%}", "no such row: %d")));

        assertThatThrownBy(() -> assertThat(percent).holds()).hasMessage("""

                Expecting actual:
                  100% once: d %s %n
                to hold, but it was violated (checked 1 key):
                  unexpected row: 1 row
                    50%: found row {rate=50%}, expected no such row: %d""");
    }
}
