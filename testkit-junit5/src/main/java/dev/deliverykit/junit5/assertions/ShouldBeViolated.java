package dev.deliverykit.junit5.assertions;

import dev.deliverykit.invariant.InvariantResult;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** Creates the message for {@link AbstractInvariantAssert#isViolated()}: what was checked and held. */
final class ShouldBeViolated extends BasicErrorMessageFactory {

    private ShouldBeViolated(InvariantResult result) {
        super("%nExpecting actual:%n  %s%nto be violated, but it held (checked %s)",
                unquotedString(FailureText.actual(result)), unquotedString(result.checked()));
    }

    static ErrorMessageFactory shouldBeViolated(InvariantResult result) {
        return new ShouldBeViolated(result);
    }
}
