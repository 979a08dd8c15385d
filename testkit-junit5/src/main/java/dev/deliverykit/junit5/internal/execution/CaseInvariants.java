package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.invariant.InvariantResult;
import dev.deliverykit.invariant.Verdict;
import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The {@code @CheckInvariant} invariants of one invocation, and the one place that decides when and how they are
 * checked: once, after the test method, whichever of its ends asks first ({@link CaseFailures} for a test that
 * threw, so that their failures join the test's at top level; {@link PassedCaseChecks} after it); never for an
 * aborted test or a workload that never started.
 */
final class CaseInvariants {

    private final CaseRun run;
    private List<DeclaredInvariants.Declared> declared = List.of();
    private boolean checked;

    CaseInvariants(CaseRun run) {
        this.run = Objects.requireNonNull(run, "run");
    }

    /** Keeps the invariants of this invocation, read just before the test method. */
    synchronized void declare(List<DeclaredInvariants.Declared> invariants) {
        declared = List.copyOf(invariants);
        run.entry().declared(declared);
    }

    /** The invariants of this invocation, once read (none before the test method). */
    synchronized List<DeclaredInvariants.Declared> declared() {
        return declared;
    }

    /**
     * Checks every invariant once the test method has ended with {@code thrown} (empty: it returned), records each
     * result in the report, and returns the failure naming each violated (or uncheckable) one's field, with the case
     * and its replay key; empty if all hold, none is declared, the test was aborted, the workload never started, or
     * they were checked already.
     */
    Optional<AssertionFailedError> check(Optional<Throwable> thrown) {
        if (thrown.filter(TestAbortedException.class::isInstance).isPresent()) {
            return Optional.empty();
        }
        boolean ran = run.ran(); // outside this lock: a running workload holds the run's, then asks for this one
        List<DeclaredInvariants.Declared> invariants;
        synchronized (this) {
            if (!ran || declared.isEmpty() || checked) {
                return Optional.empty();
            }
            checked = true;
            invariants = declared;
        }
        List<String> failures = new ArrayList<>();
        List<RuntimeException> errors = new ArrayList<>();
        for (DeclaredInvariants.Declared declaredInvariant : invariants) {
            try {
                InvariantResult result = run.checkAndRecord(declaredInvariant.invariant());
                if (result.verdict() == Verdict.VIOLATED) {
                    failures.add("[" + declaredInvariant.field() + "] " + result.message());
                }
            } catch (RuntimeException uncheckable) {
                errors.add(uncheckable);
                failures.add("[" + declaredInvariant.field() + "] could not be checked: " + uncheckable);
            }
        }
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        AssertionFailedError failure = new AssertionFailedError(InvariantFailureMessages.violated(
                        failures.size(), invariants.size(), true, !errors.isEmpty(), run.afterWhat())
                + "\n" + String.join("\n", failures) + "\n\n" + run.timeline()
                + FailureMessages.block(run.crashCase()));
        errors.forEach(failure::addSuppressed);
        return Optional.of(failure);
    }
}
