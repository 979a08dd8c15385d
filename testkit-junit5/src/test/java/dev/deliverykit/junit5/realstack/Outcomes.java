package dev.deliverykit.junit5.realstack;

import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/** The per-case outcomes of an EngineTestKit run, as comparable text. */
final class Outcomes {

    private Outcomes() {}

    /** One line per finished test: its display name, its status and its failure's message (line numbers normalised). */
    static List<String> of(CrashTestResults results) {
        return results.testEvents().finished().stream().map(Outcomes::line).toList();
    }

    static String normalised(String message) {
        return message == null
                ? ""
                : message.replaceAll("\\.java:[0-9]+\\)", ".java:N)")
                        // javac numbers lambdas in its own order (JDK 17 and JDK 25 differ)
                        .replaceAll("\\.lambda\\$([\\w$]+?)\\$[0-9]+\\(", ".lambda\\$$1\\$N(")
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
