package dev.deliverykit.boundary;

import java.util.ArrayList;
import java.util.List;

/** The notes of a run's report: what the run could not do as asked, and why. */
final class RunNotes {

    private RunNotes() {}

    /**
     * The notes of a run that executed {@code unknownSqlExecutions} statements of unknown SQL and was armed at
     * {@code armed} (or at nothing: {@code null}); a run whose process {@code died} reached its armed place.
     */
    static List<String> of(int unknownSqlExecutions, WatchedBoundary armed, boolean died) {
        List<String> notes = new ArrayList<>();
        if (unknownSqlExecutions > 0) {
            notes.add(unknownSqlExecutions + " statement execution(s) had unknown SQL: they were prepared before"
                    + " the engine instrumented the JDBC driver (this JVM's first engine run, as it ran without"
                    + " -javaagent), so no statement selector could match them; start the JVM with "
                    + "-javaagent:<testkit-core jar>, or prepare them after the first run");
        }
        if (armed != null && !died && armed.placeNeverOnStack()) {
            notes.add(armed.whyPlaceNeverOnStack());
        }
        return notes;
    }
}
