package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.ScheduleCase;
import dev.deliverykit.junit5.internal.planning.ScheduleCases;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/** One invocation of a {@code @ScheduleSweep} test: one schedule, judged as every kit case is. */
final class ScheduleInvocation implements TestTemplateInvocationContext {

    private final ScheduleCase scheduleCase;
    private final OptionalInt caseNumber;
    private final KitSettings settings;
    private final ScheduleCases cases;
    private final Optional<ScheduleSweepState> sweep;

    ScheduleInvocation(
            ScheduleCase scheduleCase,
            OptionalInt caseNumber,
            KitSettings settings,
            ScheduleCases cases,
            Optional<ScheduleSweepState> sweep) {
        this.scheduleCase = Objects.requireNonNull(scheduleCase, "scheduleCase");
        this.caseNumber = Objects.requireNonNull(caseNumber, "caseNumber");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.cases = Objects.requireNonNull(cases, "cases");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    @Override
    public String getDisplayName(int invocationIndex) {
        return "[" + caseNumber.orElse(invocationIndex) + "] " + scheduleCase.displayName();
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return CrashInvocation.caseExtensions();
    }

    @Override
    public void prepareInvocation(ExtensionContext context) {
        CaseEntry entry = CrashReport.of(context, settings).open(context, scheduleCase, caseNumber);
        CaseRun.keep(context, new ScheduleRun(scheduleCase, cases, sweep, entry));
    }
}
