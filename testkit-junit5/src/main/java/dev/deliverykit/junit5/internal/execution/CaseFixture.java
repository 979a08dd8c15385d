package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.junit5.internal.rerun.FixtureFiles;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * The {@code @TempDir} files of one {@code CHILD_PROCESS} invocation, so that the fixture the invocation writes
 * before {@code scenario.run(...)} is written once ({@link FixtureFiles}): the test JVM's files set aside while the
 * child reruns the test method, and put back under the child's workload.
 *
 * <p>A file the test JVM has open at {@code scenario.run(...)} (a pool built in the test method) is open in the
 * child too, on the child's own fixture, which the test JVM's files would replace under it; so then nothing is set
 * aside and the child writes on the test JVM's files, fixture and all, and {@code scenario.prepare(...)} writes a
 * fixture once there.
 */
final class CaseFixture {

    private CaseFixture() {}

    /**
     * In the test JVM, before its child starts: sets the files of {@code directories} aside for the child's
     * workload, which leaves the directories empty, unless this JVM has one of the files open.
     *
     * @return the stashes by directory, for the child's case file; empty if nothing was set aside
     */
    static Map<String, String> setAside(Collection<String> directories) {
        if (!HeldDatabaseFiles.openOfThisJvmUnder(directories).isEmpty()) {
            return Map.of();
        }
        return FixtureFiles.setAside(directories);
    }

    /** In the test JVM after its child: the stashes the child never took go back. */
    static void afterChild(Map<String, String> stashes) {
        FixtureFiles.putBack(stashes);
    }

    /**
     * In a child JVM, before its workload: the test JVM's files replace those its rerun of the test method wrote,
     * which it must not have open any more.
     *
     * @throws IllegalStateException if the child has such a file open: its workload would write to a file that is
     *     gone
     */
    static void takeInThisChild(String caseName) {
        Map<String, String> stashes = FixtureFiles.ofThisChild();
        if (stashes.isEmpty()) {
            return;
        }
        Set<Path> open = HeldDatabaseFiles.openOfThisJvmUnder(stashes.keySet());
        if (!open.isEmpty()) {
            throw new IllegalStateException(
                    ScenarioMessages.fixtureOpenInTheChild(open, caseName).sentences());
        }
        FixtureFiles.putBack(stashes);
    }
}
