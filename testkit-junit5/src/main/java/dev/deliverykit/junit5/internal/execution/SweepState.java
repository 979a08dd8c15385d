package dev.deliverykit.junit5.internal.execution;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.Fault;
import dev.deliverykit.boundary.EquivalentCrashPoints;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.planning.RecordedRecovery;
import dev.deliverykit.junit5.internal.planning.SweepCases;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.junit5.internal.report.SweepCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a sweep's invocations leave for the provider's lazy stream: the recording, once {@code scenario.run(...)}
 * has made it, and, in a sweep that crashes its recoveries, each crash case's recording of its first recovery.
 * Kept in the test template's store; the stream reads them only after JUnit has executed the invocations that
 * made them.
 */
@API(status = INTERNAL, since = "0.1")
public final class SweepState {

    private final Optional<WatchList> recoveryWatch;
    private final Feedback feedback = new Feedback();
    private Recording recording;
    private CaseEntry recordEntry;
    private boolean recordInvocationStarted;
    private final List<RecordedRecovery> recoveries = new ArrayList<>();
    private int firstCrashes;
    private int recoveriesStarted;
    private Set<String> fieldsWithRowsAfterRecording = Set.of();

    /** @param recoveryWatch what a crash case records of its first recovery; empty: the sweep crashes no recovery */
    SweepState(Optional<WatchList> recoveryWatch) {
        this.recoveryWatch = Objects.requireNonNull(recoveryWatch, "recoveryWatch");
    }

    /** What the sweep's invocations write through: the only writer of this state. */
    SweepFeedback feedback() {
        return feedback;
    }

    /** Whether the recording invocation ran at all. */
    public synchronized boolean wasRecordInvocationStarted() {
        return recordInvocationStarted;
    }

    /** The recording gave these cases: its row in the report shows their counts. */
    synchronized void counted(SweepCases cases) {
        if (recordEntry != null) {
            recordEntry.counted(counts(cases));
        }
    }

    /** What the recording invocation's row says of a sweep's cases. */
    private static SweepCounts counts(SweepCases sweep) {
        int failures = (int) sweep.cases().stream()
                .filter(crashCase -> crashCase instanceof KitCase.CrashAtHit hit && hit.fault() == Fault.FAILURE)
                .count();
        int crashes = sweep.cases().size() - failures;
        EquivalentCrashPoints classes = sweep.classes();
        return new SweepCounts(
                classes.points(),
                classes.classes().size(),
                crashes,
                crashes == 0 ? 0 : classes.pruned(),
                classes.notPruned(),
                failures,
                sweep.outsideEffects());
    }

    /** The recording, if the crash-free run completed one. */
    public synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }

    /** The recorded recoveries, in the order their crash cases ran. */
    public synchronized List<RecordedRecovery> recoveries() {
        return List.copyOf(recoveries);
    }

    /** How many crash cases crashed their workload. */
    public synchronized int firstCrashes() {
        return firstCrashes;
    }

    /** How many crash cases called {@code scenario.restart(...)}. */
    public synchronized int recoveriesStarted() {
        return recoveriesStarted;
    }

    /** The sweep's state as its invocations feed it; synchronized on the state, which the provider reads. */
    private final class Feedback implements SweepFeedback {

        @Override
        public void recordingStarted() {
            synchronized (SweepState.this) {
                recordInvocationStarted = true;
            }
        }

        @Override
        public void recorded(Recording made, CaseEntry entry) {
            synchronized (SweepState.this) {
                recording = made;
                recordEntry = entry;
            }
        }

        @Override
        public void readAfterRecording(Set<String> fieldsWithRows) {
            synchronized (SweepState.this) {
                fieldsWithRowsAfterRecording = Set.copyOf(fieldsWithRows);
            }
        }

        @Override
        public void firstCrashed() {
            synchronized (SweepState.this) {
                firstCrashes++;
            }
        }

        @Override
        public void recoveryStarted() {
            synchronized (SweepState.this) {
                recoveriesStarted++;
            }
        }

        @Override
        public void recoveryRecorded(KitCase.CrashAtHit first, Recording recovery) {
            synchronized (SweepState.this) {
                recoveries.add(new RecordedRecovery(first, recovery));
            }
        }

        @Override
        public Optional<Recording> recording() {
            return SweepState.this.recording();
        }

        @Override
        public Set<String> fieldsWithRowsAfterRecording() {
            synchronized (SweepState.this) {
                return fieldsWithRowsAfterRecording;
            }
        }

        @Override
        public Optional<WatchList> recoveryWatch() {
            return recoveryWatch;
        }
    }
}
