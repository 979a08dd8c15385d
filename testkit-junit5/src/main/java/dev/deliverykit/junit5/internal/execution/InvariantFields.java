package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.planning.DeclaredInvariants;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Reads the {@code @CheckInvariant} fields of a kit invocation's test instance, refusing a {@code null}. */
final class InvariantFields implements BeforeTestExecutionCallback {

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        CaseRun.of(context).ifPresent(run -> run.invariants().declare(DeclaredInvariants.read(context)));
    }
}
