package dev.deliverykit.junit5.assertions;

import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Violation;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** Creates the message for {@link AbstractInvariantAssert#hasNoViolationFor(Object...)}: what was found for it. */
final class ShouldNotHaveViolation extends BasicErrorMessageFactory {

    private ShouldNotHaveViolation(InvariantResult result, String subject, List<Violation> found) {
        super("%nExpecting actual:%n  %s%nto have no violation for:%n  %s%nbut found:%n%s",
                unquotedString(FailureText.actual(result)), unquotedString(subject),
                unquotedString(found.stream().map(v -> "  " + v.line() + " (" + v.kind().label() + ")")
                        .collect(Collectors.joining(System.lineSeparator()))));
    }

    static ErrorMessageFactory shouldNotHaveViolation(InvariantResult result, String subject, List<Violation> found) {
        return new ShouldNotHaveViolation(result, subject, found);
    }
}
