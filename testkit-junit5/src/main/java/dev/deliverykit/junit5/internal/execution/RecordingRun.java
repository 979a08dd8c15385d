package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.internal.config.ChildJvmOptions;
import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.process.ChildResult;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.opentest4j.AssertionFailedError;

/**
 * The crash-free run of a sweep: records the boundaries its workload reaches, and tells the sweep what it found
 * (the recording, and which invariants read rows after it), from which the sweep makes its crash cases.
 */
@API(status = INTERNAL, since = "0.1")
public final class RecordingRun extends CrashRun {

    private final KitCase.RecordBoundaries recordCase;
    private final Optional<SweepFeedback> sweep;
    private Recording recording;

    /** A run of {@code recordCase}; {@code sweep} receives what it records. */
    RecordingRun(
            KitCase.RecordBoundaries recordCase,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepFeedback> sweep,
            CaseEntry entry) {
        super(recordCase, settings, childOptions, entry);
        this.recordCase = recordCase;
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    @Override
    Optional<ChildResult> inChild(Function<WatchList, Recording> record, Function<CrashPlan, CrashResult> crashAt) {
        Recording made = record.apply(recordCase.watch());
        keep(made);
        return made.childResult();
    }

    @Override
    void inThisJvm(Workload workload) {
        keep(BoundaryEngine.get().record(recordCase.watch(), workload));
    }

    private void keep(Recording made) {
        synchronized (this) {
            recording = made;
        }
        entry().recorded(made);
        sweep.ifPresent(state -> state.recorded(made, entry()));
    }

    /**
     * Refuses a crash-free run whose declared invariants all read nothing of what it committed, since no crash case
     * could then fail.
     */
    @Override
    Optional<AssertionFailedError> vacuous() {
        Optional<Recording> made = recording();
        if (made.isEmpty()) {
            return Optional.empty();
        }
        VacuousInvariants.Reading reading = VacuousInvariants.read(invariants().declared());
        sweep.ifPresent(state -> state.readAfterRecording(reading.fieldsWithRows()));
        return VacuousInvariants.afterCrashFreeRun(made.get(), reading, recordCase.mode());
    }

    /** A crash-free run's recovery is a plain one. */
    @Override
    boolean firstRecovery(Workload recovery) {
        return false;
    }

    @Override
    public Optional<CrashResult> crash() {
        return Optional.empty();
    }

    @Override
    public synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }

    @Override
    String ranWhat() {
        return "the crash-free run";
    }
}
