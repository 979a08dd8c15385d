package dev.deliverykit.junit5.assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.invariant.Violation;
import dev.deliverykit.invariant.ViolationKind;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AbstractListAssert;
import org.assertj.core.api.ObjectAssert;

/**
 * Assertions on the judgement of an {@link dev.deliverykit.invariant.Invariant}, modelled on AssertJ's own
 * assertion classes; extend it to add assertions of your own, as AssertJ's custom-assertion guide describes.
 *
 * <pre>{@code
 * assertThat(EXACTLY_ONCE).holds();
 * assertThat(EXACTLY_ONCE).isViolated()
 *         .hasViolation(ViolationKind.LOST_INTENT, "reserve42:1:0")
 *         .hasNoViolationFor("reserve43:1:0");
 * assertThat(NO_RESURRECTION).hasViolationFor("demo", 1, "work-1");   // composite key (namespace, epoch, op)
 * }</pre>
 *
 * <p>Failure messages use AssertJ's layout, with the invariant's name and description as the actual value
 * and its violations grouped by kind, each with what was found and what was expected:
 *
 * <pre>
 * Expecting actual:
 *   exactly once per key: every intent key of (SELECT command_id FROM outbox) on orchestrator.db has ...
 * to hold, but it was violated (checked 3 intent keys, 3 effect rows):
 *   lost intent: 1 key
 *     r2:1:0: found 0 effects, expected exactly 1
 *   duplicate effect: 1 key
 *     r3:1:0: found 2 effects, expected exactly 1
 * </pre>
 *
 * @param <SELF>   the "self" type of this assertion class, for chaining
 * @param <ACTUAL> what is asserted on: an invariant (checked once, on the first assertion) or a result
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class AbstractInvariantAssert<SELF extends AbstractInvariantAssert<SELF, ACTUAL>, ACTUAL>
        extends AbstractAssert<SELF, ACTUAL> {

    /** See {@link AbstractAssert#AbstractAssert(Object, Class)}. */
    protected AbstractInvariantAssert(ACTUAL actual, Class<?> selfType) {
        super(actual, selfType);
    }

    /**
     * The judgement to assert on; called only when {@code actual} is not null. Implementations that must
     * run a check should run it once and return the same result to every assertion of the chain.
     */
    protected abstract InvariantResult result();

    /** Verifies that no violation was found. */
    public SELF holds() {
        InvariantResult result = checkedResult();
        if (result.verdict() == Verdict.VIOLATED) {
            throwAssertionError(ShouldHold.shouldHold(result));
        }
        return myself;
    }

    /** Verifies that at least one violation was found. */
    public SELF isViolated() {
        InvariantResult result = checkedResult();
        if (result.verdict() == Verdict.HOLDS) {
            throwAssertionError(ShouldBeViolated.shouldBeViolated(result));
        }
        return myself;
    }

    /**
     * Verifies that a violation of any kind was found for the key made of {@code keyParts}, written as
     * {@link Violation#subjectOf(Object...)} writes it: {@code hasViolationFor("r2:1:0")} or, for a composite
     * key, {@code hasViolationFor("demo", 1, "work-1")}.
     */
    public SELF hasViolationFor(Object... keyParts) {
        InvariantResult result = checkedResult();
        String subject = Violation.subjectOf(keyParts);
        if (result.violationsFor(subject).isEmpty()) {
            throwAssertionError(ShouldHaveViolation.shouldHaveViolation(result, subject, null));
        }
        return myself;
    }

    /** Verifies that a violation of {@code kind} was found for the key made of {@code keyParts}. */
    public SELF hasViolation(ViolationKind kind, Object... keyParts) {
        Objects.requireNonNull(kind, "kind");
        InvariantResult result = checkedResult();
        String subject = Violation.subjectOf(keyParts);
        if (result.violationsFor(subject).stream().noneMatch(v -> v.kind() == kind)) {
            throwAssertionError(ShouldHaveViolation.shouldHaveViolation(result, subject, kind));
        }
        return myself;
    }

    /** Verifies that no violation of any kind was found for the key made of {@code keyParts}. */
    public SELF hasNoViolationFor(Object... keyParts) {
        InvariantResult result = checkedResult();
        String subject = Violation.subjectOf(keyParts);
        List<Violation> found = result.violationsFor(subject);
        if (!found.isEmpty()) {
            throwAssertionError(ShouldNotHaveViolation.shouldNotHaveViolation(result, subject, found));
        }
        return myself;
    }

    /** Navigates to the violations, in report order, for any list assertion: {@code violations().hasSize(2)}. */
    public AbstractListAssert<?, List<? extends Violation>, Violation, ObjectAssert<Violation>> violations() {
        return newListAssertInstance(checkedResult().violations());
    }

    private InvariantResult checkedResult() {
        isNotNull();
        return Objects.requireNonNull(result(), "result() of " + getClass().getName() + " returned null");
    }
}
