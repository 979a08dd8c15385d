package dev.deliverykit.junit5.assertions;

import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.invariant.ViolationKind;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message for {@link AbstractInvariantAssert#hasViolationFor(Object...)} and
 * {@link AbstractInvariantAssert#hasViolation(ViolationKind, Object...)}: the key looked for, and either
 * that the invariant held or which violations it had instead.
 */
final class ShouldHaveViolation extends BasicErrorMessageFactory {

    private ShouldHaveViolation(String format, Object... arguments) {
        super(format, arguments);
    }

    /** {@code kind} null: a violation of any kind. */
    static ErrorMessageFactory shouldHaveViolation(InvariantResult result, String subject, ViolationKind kind) {
        String expecting = "%nExpecting actual:%n  %s%nto have a violation" + (kind == null ? "" : " (%s)")
                + " for:%n  %s%n";
        Object actual = unquotedString(FailureText.actual(result));
        Object key = unquotedString(subject);
        Object checked = unquotedString(result.checked());
        if (result.verdict() == Verdict.HOLDS) {
            String format = expecting + "but it held (checked %s)";
            return kind == null ? new ShouldHaveViolation(format, actual, key, checked)
                    : new ShouldHaveViolation(format, actual, unquotedString(kind.label()), key, checked);
        }
        String format = expecting + "but its violations were (checked %s):%n%s";
        Object details = unquotedString(FailureText.lines(result.details()));
        return kind == null ? new ShouldHaveViolation(format, actual, key, checked, details)
                : new ShouldHaveViolation(format, actual, unquotedString(kind.label()), key, checked, details);
    }
}
