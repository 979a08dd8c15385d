package dev.deliverykit.junit5.assertions;

import dev.deliverykit.invariant.InvariantResult;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** Creates the message for {@link AbstractInvariantAssert#holds()}: every violation, grouped by kind. */
final class ShouldHold extends BasicErrorMessageFactory {

    private ShouldHold(InvariantResult result) {
        super("%nExpecting actual:%n  %s%nto hold, but it was violated (checked %s):%n%s",
                unquotedString(FailureText.actual(result)), unquotedString(result.checked()),
                unquotedString(FailureText.lines(result.details())));
    }

    static ErrorMessageFactory shouldHold(InvariantResult result) {
        return new ShouldHold(result);
    }
}
