package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One invocation of a kit template (a value, not an extension): its display name, the run it puts into the
 * invocation's store before the invocation's extensions run, and the extensions that serve the invocation, one
 * per job ({@link RerunCapture}, {@link InvariantFields}, {@link CaseFailures}, {@link PassedCaseChecks},
 * {@link DeadProcessRelease}, {@link CaseOutcomes}), as JUnit's own parameterized invocations bring theirs.
 */
@API(status = INTERNAL, since = "0.1")
public final class CrashInvocation implements TestTemplateInvocationContext {

    private final KitCase crashCase;
    private final OptionalInt caseNumber;
    private final KitSettings settings;
    private final ChildJvmOptions childOptions;
    private final Optional<SweepState> sweep;

    /**
     * An invocation of {@code crashCase}; {@code sweep} is the sweep's state, which its recording run and, in a sweep
     * that crashes recoveries, its crash cases feed.
     *
     * @param caseNumber the case's invocation number in an unsharded run of its test (from 1), the same in every
     *     shard; empty for a replayed case, which runs alone
     */
    CrashInvocation(
            KitCase crashCase,
            OptionalInt caseNumber,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepState> sweep) {
        this.crashCase = Objects.requireNonNull(crashCase, "crashCase");
        this.caseNumber = Objects.requireNonNull(caseNumber, "caseNumber");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.childOptions = Objects.requireNonNull(childOptions, "childOptions");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    /** An invocation of {@code crashCase} that feeds no sweep. */
    CrashInvocation(KitCase crashCase, OptionalInt caseNumber, KitSettings settings, ChildJvmOptions childOptions) {
        this(crashCase, caseNumber, settings, childOptions, Optional.empty());
    }

    /**
     * {@code [3] crash after commit #2 in TransactionalOutbox.markDone}: numbered as in an unsharded run, so that a
     * case has the same name in every shard.
     */
    @Override
    public String getDisplayName(int invocationIndex) {
        return "[" + caseNumber.orElse(invocationIndex) + "] " + crashCase.displayName();
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
        return caseExtensions();
    }

    /** What every kit invocation adds: its rerun, its invariants, its checks and its outcome. */
    static List<Extension> caseExtensions() {
        return List.of(
                new RerunCapture(),
                new InvariantFields(),
                new CaseFailures(),
                new PassedCaseChecks(),
                new DeadProcessRelease(),
                new CaseOutcomes());
    }

    @Override
    public void prepareInvocation(ExtensionContext context) {
        CaseEntry entry = CrashReport.of(context, settings).open(context, crashCase, caseNumber);
        // The one place that chooses the run of a case by its kind.
        Optional<SweepFeedback> feedback = sweep.map(SweepState::feedback);
        if (crashCase instanceof KitCase.DeliverOrder order) {
            CaseRun.keep(context, new DeliveryRun(order, entry));
        } else if (crashCase instanceof KitCase.RecordBoundaries record) {
            CaseRun.keep(context, new RecordingRun(record, settings, childOptions, feedback, entry));
            feedback.ifPresent(SweepFeedback::recordingStarted);
        } else if (crashCase instanceof KitCase.CrashAtHit hit) {
            CaseRun.keep(context, ArmedRun.of(hit, settings, childOptions, feedback, entry));
        } else if (crashCase instanceof KitCase.CrashPair pair) {
            CaseRun.keep(context, ArmedRun.of(pair, settings, childOptions, feedback, entry));
        }
    }

    /** The case. */
    KitCase crashCase() {
        return crashCase;
    }
}
