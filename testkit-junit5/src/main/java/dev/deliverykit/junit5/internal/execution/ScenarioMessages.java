package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.internal.text.Message;
import java.nio.file.Path;
import java.util.Set;

/**
 * The messages of a test that uses its scenario out of order, or holds what the case's child JVM needs, and of a case
 * whose dead process could not be let go.
 */
final class ScenarioMessages {

    private ScenarioMessages() {}

    /** The test called {@code scenario.prepare(...)} after its workload ran. */
    static Message prepareAfterRun(String caseName) {
        return Message.of(
                "scenario.prepare(...) was called after the workload ran in " + caseName
                        + ": the fixture is the state the workload starts from",
                null,
                "call it before scenario.run(...)");
    }

    /** The test called {@code scenario.run(...)} outside the test method, where a child JVM cannot rerun it. */
    static Message runOutsideTheTestMethod(String caseName) {
        return Message.of(
                "scenario.run(...) was called outside the test method in " + caseName
                        + ", so the child JVM cannot rerun the test up to it",
                null,
                "call scenario.run(...) in the test method itself");
    }

    /** The test named other processes' databases after its workload ran. */
    static Message otherProcessDatabasesAfterRun(String caseName) {
        return Message.of(
                "scenario.otherProcessDatabases(...) was called after the workload ran in " + caseName
                        + ": the crash has already decided which connections die",
                null,
                "call it before scenario.run(...)");
    }

    /** The test called {@code scenario.restart(...)} before its workload ran. */
    static Message restartBeforeRun(String caseName) {
        return Message.of(
                "scenario.restart(...) was called before the workload ran in " + caseName
                        + ": restart is the recovery after the crash",
                null,
                "call scenario.run(workload) first");
    }

    /** The test started a second workload in one invocation. */
    static Message startedTwice(String caseName) {
        return Message.of(
                "The workload was started twice in " + caseName + ": each invocation runs one workload once",
                null,
                "put the whole workload in one call, and the recovery in restart(...)");
    }

    /** The test never started its workload, so the case tested nothing. */
    static Message neverCalled(String call, String caseName, String didNothing, String about, String fix) {
        return Message.of(
                "The test never called " + call + ", so " + caseName + " " + didNothing
                        + " and the test asserted nothing about " + about + ".",
                null,
                fix);
    }

    /** The test JVM holds database files locked that the case's child JVM must open. */
    static Message heldByTheTestJvm(Set<Path> held, String caseName) {
        String files = String.join(", ", held.stream().map(Path::toString).toList());
        return Message.of(
                "The test JVM holds " + (held.size() == 1 ? "the database file " : "the database files ") + files
                        + " locked, so the child JVM of " + caseName + " could not open "
                        + (held.size() == 1 ? "it" : "them") + " (H2 says \"Database may be already in use\"). A"
                        + " database opened before scenario.run(...) is still open in the test JVM: a service, pool or"
                        + " connection built in the test method, a @BeforeEach method or a field",
                null,
                "build what opens the database inside the workload, scenario.run(() -> ...), and the recovery's inside"
                        + " scenario.restart(() -> ...); write a fixture with scenario.prepare(() -> ...) and close"
                        + " what it opened there");
    }

    /** The child JVM has a fixture file open that the test JVM's files must replace before its workload. */
    static Message fixtureOpenInTheChild(Set<Path> open, String caseName) {
        String files = String.join(", ", open.stream().map(Path::toString).toList());
        return Message.of(
                "The child JVM of " + caseName + " has " + (open.size() == 1 ? "the file " : "the files ") + files
                        + " open at scenario.run(...), which the test JVM had closed there: under the workload the"
                        + " test JVM's files replace those the child's rerun of the test method wrote, so that the"
                        + " fixture is written once, and the workload would write to a file that is gone",
                null,
                "close what the test method opens before scenario.run(...) in both JVMs alike, or open it inside the"
                        + " workload, scenario.run(() -> ...)");
    }

    /** The engine failed to let the dead process of a case go when the case ended. */
    static Message deadProcessNotReleased(String caseName, Throwable failure) {
        return Message.of(
                "DeliveryKit failure: " + caseName + " ended, but its dead process could not be let go (" + failure
                        + "), so the woven code may still route this JVM's calls to it",
                null,
                "run the cases after it in a new JVM, and please report it with this stack trace");
    }

    /** JUnit could not publish the case's {@code file}. */
    static String notPublished(Path file) {
        return "JUnit could not publish " + file;
    }
}
