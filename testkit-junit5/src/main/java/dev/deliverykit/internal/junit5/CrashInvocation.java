package dev.deliverykit.internal.junit5;

import java.util.Objects;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One invocation of a kit template (a value, not an extension): its display name, and the
 * {@link ScenarioRun} it puts into the invocation's store before the invocation's extensions run.
 */
public final class CrashInvocation implements TestTemplateInvocationContext {

    private final CrashCase crashCase;
    private final KitSettings settings;
    private final SweepState sweep;
    private final ExtensionContext.Namespace namespace;

    /** An invocation of {@code crashCase}; {@code sweep} is the sweep's state for its recording run, else {@code null}. */
    public CrashInvocation(CrashCase crashCase, KitSettings settings, SweepState sweep,
            ExtensionContext.Namespace namespace) {
        this.crashCase = Objects.requireNonNull(crashCase, "crashCase");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sweep = sweep;
        this.namespace = Objects.requireNonNull(namespace, "namespace");
    }

    /** {@code [3] crash after commit #2 in TransactionalOutbox.markDone}. */
    @Override
    public String getDisplayName(int invocationIndex) {
        return "[" + invocationIndex + "] " + crashCase.displayName();
    }

    @Override
    public void prepareInvocation(ExtensionContext context) {
        CaseEntry entry = CrashReport.of(context, namespace, settings).open(context, crashCase);
        context.getStore(namespace).put(ScenarioRun.class, new ScenarioRun(crashCase, settings,
                crashCase.kind() == CrashCase.Kind.RECORD ? sweep : null, entry));
        if (sweep != null && crashCase.kind() == CrashCase.Kind.RECORD) {
            sweep.recordInvocationStarted();
        }
    }

    /** The case. */
    public CrashCase crashCase() {
        return crashCase;
    }
}
