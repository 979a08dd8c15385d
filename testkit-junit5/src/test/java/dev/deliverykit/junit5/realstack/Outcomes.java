package dev.deliverykit.junit5.realstack;

import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/** The per-case outcomes of an EngineTestKit run, as comparable text. */
final class Outcomes {

    private Outcomes() {
    }

    /** One line per finished test: its display name, its status and its failure's message (line numbers normalised). */
    static List<String> of(EngineExecutionResults results) {
        return results.testEvents().finished().stream().map(Outcomes::line).toList();
    }

    /** The display names of the failed tests, in order. */
    static List<String> failed(EngineExecutionResults results) {
        return results.testEvents().failed().stream().map(event -> event.getTestDescriptor().getDisplayName()).toList();
    }

    /** The failure of the test whose display name is {@code displayName}. */
    static Throwable failureOf(EngineExecutionResults results, String displayName) {
        return results.testEvents().failed().stream()
                .filter(event -> event.getTestDescriptor().getDisplayName().equals(displayName)).findFirst()
                .orElseThrow(() -> new AssertionError("no failed test named " + displayName + " in " + of(results)))
                .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    /** The only failure of the run. */
    static Throwable onlyFailure(EngineExecutionResults results) {
        List<Event> failed = results.testEvents().failed().list();
        if (failed.size() != 1) {
            throw new AssertionError("expected exactly one failed test, got " + of(results));
        }
        return failed.get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
    }

    static String normalised(String message) {
        return message == null ? "" : message.replaceAll("\\.java:[0-9]+\\)", ".java:N)")
                .replaceAll("ForkJoinPool\\.commonPool-worker-[0-9]+", "ForkJoinPool.commonPool-worker-N");
    }

    private static String line(Event event) {
        TestExecutionResult result = event.getPayload(TestExecutionResult.class).orElseThrow();
        String name = event.getTestDescriptor().getDisplayName();
        if (event.getType() != EventType.FINISHED || result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
            return name + ": " + result.getStatus();
        }
        return name + ": " + result.getStatus() + ": "
                + normalised(result.getThrowable().map(Throwable::getMessage).orElse(""));
    }
}
