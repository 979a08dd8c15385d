package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.boundary.Recording;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.junit5.internal.planning.KitCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import java.util.Optional;
import java.util.Set;

/**
 * What a sweep's invocations tell the sweep, and read back from it: the one way a run reaches its {@link SweepState},
 * so that what the provider's lazy stream reads has a single set of writers.
 */
interface SweepFeedback {

    /** The recording invocation started (it was not filtered out by a rerun of one invocation). */
    void recordingStarted();

    /** The crash-free run made {@code made}; {@code entry} is its row in the report, which counts the cases. */
    void recorded(Recording made, CaseEntry entry);

    /** The fields of the invariants that read rows after the crash-free run, before its recovery. */
    void readAfterRecording(Set<String> fieldsWithRows);

    /** A crash case crashed its workload. */
    void firstCrashed();

    /** A crash case started recording its first recovery. */
    void recoveryStarted();

    /** A crash case's first recovery completed, reaching these hits. */
    void recoveryRecorded(KitCase.CrashAtHit first, Recording recovery);

    /** The recording, if the crash-free run completed one. */
    Optional<Recording> recording();

    /** The fields of the invariants that read rows after the crash-free run; empty before it. */
    Set<String> fieldsWithRowsAfterRecording();

    /** What crash cases record of their first recovery, if the sweep crashes recoveries. */
    Optional<WatchList> recoveryWatch();
}
