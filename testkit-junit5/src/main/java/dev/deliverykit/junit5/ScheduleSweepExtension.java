package dev.deliverykit.junit5;

import dev.deliverykit.junit5.internal.execution.TemplateKind;

/** Provides the invocations of a {@link ScheduleSweep} test: its recordings, then one per schedule. */
final class ScheduleSweepExtension implements KitTemplateExtension {

    private static final TemplateKind KIND = new TemplateKind(ScheduleSweep.class, ScheduleScenario.class);

    @Override
    public TemplateKind kind() {
        return KIND;
    }
}
