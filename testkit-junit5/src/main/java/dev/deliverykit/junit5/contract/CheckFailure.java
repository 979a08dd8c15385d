package dev.deliverykit.junit5.contract;

import dev.deliverykit.internal.text.Message;
import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.junit5.Guarantee;
import java.util.ArrayList;
import java.util.List;
import org.opentest4j.AssertionFailedError;

/**
 * What one run of a check found, and its failure message: the check's name and first finding, the guarantee, what the
 * kit did, each finding in detail, and the fix.
 *
 * <pre>
 * concurrent workers on one key: 4 effects for (tenantA, reserve-1), expected exactly 1
 * Guarantee receiver.concurrent-workers-one-key: four workers handling one key at the same time make one effect.
 * The kit did: ...
 * </pre>
 */
final class CheckFailure {

    private final Guarantee guarantee;
    private final String did;
    private final String fix;
    private final List<String> findings = new ArrayList<>();
    private final List<String> details = new ArrayList<>();

    private CheckFailure(Guarantee guarantee, String did, String fix) {
        this.guarantee = guarantee;
        this.did = did;
        this.fix = fix;
    }

    /**
     * The findings of one run of {@code id} of {@code contract}.
     *
     * @param did what the kit did, in one sentence
     * @param fix how to keep the guarantee, in one sentence
     */
    static CheckFailure of(Class<?> contract, String id, String did, String fix) {
        return new CheckFailure(CheckText.of(contract, id), did, fix);
    }

    /** Records a finding unless {@code actual} equals {@code expected}. */
    CheckFailure expect(String what, Object actual, Object expected) {
        if (!actual.equals(expected)) {
            findings.add(what + " " + actual + ", expected " + expected);
            details.add(what + ": " + actual + ", expected " + expected);
        }
        return this;
    }

    /** Records {@code finding} with {@code detail} when {@code broken}. */
    CheckFailure expectNot(boolean broken, String finding, String detail) {
        if (broken) {
            findings.add(finding);
            details.add(detail);
        }
        return this;
    }

    /** Records the invariant's violations, its first one as the finding. */
    CheckFailure expect(InvariantResult result) {
        if (result.verdict() == Verdict.VIOLATED) {
            var first = result.violations().get(0);
            findings.add(first.found() + " for " + first.subject() + ", expected " + first.expected());
            details.add(result.message());
        }
        return this;
    }

    /**
     * Fails with every finding.
     *
     * @throws AssertionFailedError if anything was found
     */
    void throwIfAny() {
        if (findings.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder(guarantee.name())
                .append(": ")
                .append(findings.get(0))
                .append("\nGuarantee ")
                .append(guarantee.id())
                .append(": ")
                .append(guarantee.value())
                .append(".\nThe kit ")
                .append(did)
                .append('.');
        details.forEach(detail -> message.append('\n').append(detail));
        throw new AssertionFailedError(Message.of(message.toString(), null, fix).lines());
    }
}
