package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.Fault;
import dev.deliverykit.Workload;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.BoundaryNotReachedError;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.RecordingFailedException;
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
 * The run of a case that crashes its workload or injects a failure into it, at the case's hit. In a sweep that
 * crashes recoveries, a crash case records its first recovery for the sweep; a {@link KitCase.CrashPair} crashes its
 * first recovery in this JVM and then runs it again.
 */
@API(status = INTERNAL, since = "0.1")
public final class ArmedRun extends CrashRun {

    private final KitCase.CrashAtHit armed;
    private final Optional<SweepFeedback> sweep;
    /** A pair's first recovery crashes at the pair's second hit. */
    private final Optional<KitCase.CrashPair> crashesRecovery;
    /** In a sweep that crashes recoveries, a crash case's first recovery is recorded for it. */
    private final Optional<SweepFeedback> recordsRecovery;

    private CrashResult crash;

    private ArmedRun(
            KitCase.EngineCase crashing,
            KitCase.CrashAtHit armed,
            Optional<KitCase.CrashPair> crashesRecovery,
            Optional<SweepFeedback> recordsRecovery,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepFeedback> sweep,
            CaseEntry entry) {
        super(crashing, settings, childOptions, entry);
        this.armed = Objects.requireNonNull(armed, "armed");
        this.crashesRecovery = Objects.requireNonNull(crashesRecovery, "crashesRecovery");
        this.recordsRecovery = Objects.requireNonNull(recordsRecovery, "recordsRecovery");
        this.sweep = Objects.requireNonNull(sweep, "sweep");
    }

    /**
     * A run of {@code hit}; {@code sweep} tells it what the crash-free run left and, in a sweep that crashes
     * recoveries, receives its recording of its first recovery.
     */
    static ArmedRun of(
            KitCase.CrashAtHit hit,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepFeedback> sweep,
            CaseEntry entry) {
        Optional<SweepFeedback> recordsRecovery = hit.fault() == Fault.CRASH
                ? sweep.filter(state -> state.recoveryWatch().isPresent())
                : Optional.empty();
        return new ArmedRun(hit, hit, Optional.empty(), recordsRecovery, settings, childOptions, sweep, entry);
    }

    /** A run of {@code pair}: its first crash, then its first recovery crashed at the pair's second hit. */
    static ArmedRun of(
            KitCase.CrashPair pair,
            KitSettings settings,
            ChildJvmOptions childOptions,
            Optional<SweepFeedback> sweep,
            CaseEntry entry) {
        return new ArmedRun(
                pair, pair.first(), Optional.of(pair), Optional.empty(), settings, childOptions, sweep, entry);
    }

    @Override
    Optional<ChildResult> inChild(Function<WatchList, Recording> record, Function<CrashPlan, CrashResult> crashAt) {
        CrashResult made = crashAt.apply(armed.plan());
        synchronized (this) {
            crash = made;
        }
        firstCrashed();
        return made.childResult();
    }

    @Override
    void inThisJvm(Workload workload) {
        CrashResult made = BoundaryEngine.get()
                .crashInProcess(armed.plan().withOtherProcessDatabases(otherProcessDatabases()), workload);
        synchronized (this) {
            crash = made;
        }
        entry().crashed(made);
        firstCrashed();
    }

    /** Tells a sweep that crashes recoveries that this crash case crashed its workload. */
    private void firstCrashed() {
        recordsRecovery.ifPresent(SweepFeedback::firstCrashed);
    }

    /**
     * Refuses a child's crash after the last commit that left nothing of it, since the case could then not fail.
     */
    @Override
    Optional<AssertionFailedError> vacuous() {
        Optional<CrashResult> crashed = crash();
        if (crashed.isEmpty() || crashed.get().plan().fault() != Fault.CRASH || sweep.isEmpty()) {
            return Optional.empty();
        }
        Optional<Recording> recorded = sweep.get().recording();
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        return VacuousInvariants.afterLastCommit(
                crashed.get(),
                recorded.get(),
                sweep.get().fieldsWithRowsAfterRecording(),
                invariants().declared());
    }

    /**
     * The first recovery of a crash case in a sweep that crashes recoveries records the boundaries the recovery
     * reaches; that of a {@link KitCase.CrashPair} crashes the recovery at its hit, then runs it again as the next
     * fresh process.
     */
    @Override
    boolean firstRecovery(Workload recovery) throws Exception {
        if (crash().isEmpty() || verdict().isPresent()) {
            return false;
        }
        if (crashesRecovery.isPresent()) {
            crashRecovery(crashesRecovery.get(), recovery);
            return false;
        }
        if (recordsRecovery.isPresent()) {
            recordRecovery(recordsRecovery.get(), recovery);
            return true;
        }
        return false;
    }

    /** The recovery as a crash-free recording run in this JVM: its hits become the sweep's recovery crash cases. */
    private void recordRecovery(SweepFeedback state, Workload recovery) throws Exception {
        state.recoveryStarted();
        Recording made;
        try {
            made = BoundaryEngine.get().record(state.recoveryWatch().orElseThrow(), recovery);
        } catch (RecordingFailedException failed) {
            throw thrownBy(failed); // the test fails with the recovery's own failure, as without recording
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed);
            throw failed;
        }
        state.recoveryRecorded(armed, made);
    }

    /** What the recovery threw, which failed its recording. */
    private static Exception thrownBy(RecordingFailedException failed) {
        Throwable thrown = failed.getCause();
        if (thrown instanceof Error error) {
            throw error;
        }
        return thrown instanceof Exception exception ? exception : failed;
    }

    /** The recovery crashing in this JVM, as the in-process crash of a fresh process, at {@code pair}'s hit. */
    private void crashRecovery(KitCase.CrashPair pair, Workload recovery) {
        try {
            entry().recoveryCrashed(BoundaryEngine.get()
                    .crashInProcess(
                            pair.recovery().plan().withOtherProcessDatabases(otherProcessDatabases()), recovery));
        } catch (BoundaryNotReachedError notReached) {
            // The engine speaks of "the workload": say that it is the recovery, and why it must reach the hit.
            AssertionError failed = new AssertionError(
                    "The first recovery (scenario.restart) after "
                            + pair.first().displayName() + " did not reach "
                            + pair.recovery().point() + ", where this case crashes it. A recovery must do the same"
                            + " after the same crash every time (the same files, the same order of calls): a sweep"
                            + " makes this case from a recording of the recovery after the same crash, which reached"
                            + " that hit.\n" + notReached.getMessage(),
                    notReached.getCause());
            failedWith(failed);
            throw failed;
        } catch (AssertionError | RuntimeException failed) {
            failedWith(failed);
            throw failed;
        }
    }

    @Override
    public synchronized Optional<CrashResult> crash() {
        return Optional.ofNullable(crash);
    }

    @Override
    public Optional<Recording> recording() {
        return Optional.empty();
    }

    @Override
    String ranWhat() {
        return crashCase().displayName();
    }

    @Override
    String andRecovery() {
        return crashesRecovery.isPresent() ? " and the second recovery:" : " and recovery:";
    }
}
