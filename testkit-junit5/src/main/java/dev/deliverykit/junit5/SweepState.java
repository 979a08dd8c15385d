package dev.deliverykit.junit5;

import dev.deliverykit.boundary.Recording;
import java.util.Optional;

/**
 * What a sweep's recording invocation leaves for the provider's lazy stream: the recording, once
 * {@code scenario.run(...)} has made it. Kept in the test template's store; the stream reads it only after
 * JUnit has executed the recording invocation.
 */
final class SweepState {

    private Recording recording;
    private CaseEntry recordEntry;
    private boolean recordInvocationStarted;

    /** The recording invocation started (it was not filtered out by a rerun of one invocation). */
    public synchronized void recordInvocationStarted() {
        recordInvocationStarted = true;
    }

    /** Whether the recording invocation ran at all. */
    public synchronized boolean wasRecordInvocationStarted() {
        return recordInvocationStarted;
    }

    synchronized void recorded(Recording made, CaseEntry entry) {
        this.recording = made;
        this.recordEntry = entry;
    }

    /** The recording gave these cases: its row in the report shows the counts. */
    synchronized void counted(SweepCounts counts) {
        if (recordEntry != null) {
            recordEntry.counted(counts);
        }
    }

    /** The recording, if the crash-free run completed one. */
    public synchronized Optional<Recording> recording() {
        return Optional.ofNullable(recording);
    }
}
