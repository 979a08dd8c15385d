package dev.deliverykit.fraycomparison;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * One {@code @ConcurrencyTest} method run by Fray's JUnit 5 extension through a nested JUnit launcher: how many
 * schedules ran, which one failed first (Fray skips the rest after a failure), why, and how long the whole run
 * took on this machine.
 */
record FrayRun(
        String name, int schedulesRun, OptionalInt firstFailure, Outcome outcome, String failure, Duration time) {

    static final Path ROWS = Path.of("target", "fray-comparison");

    /** Runs {@code method(Path)} of {@code cases}, and keeps its row under target/fray-comparison/. */
    static FrayRun of(String name, Class<?> cases, String method) {
        long start = System.nanoTime();
        Events tests = EngineTestKit.engine("junit-jupiter")
                .selectors(selectMethod(cases, method, Path.class.getName()))
                .execute()
                .testEvents();
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        List<Event> failed = tests.failed().list();
        OptionalInt first = failed.stream()
                .mapToInt(event -> invocation(event.getTestDescriptor().getUniqueId()))
                .min();
        Optional<Throwable> cause = failed.stream()
                .findFirst()
                .flatMap(event -> event.getPayload(TestExecutionResult.class))
                .flatMap(TestExecutionResult::getThrowable)
                .map(FrayRun::cause);
        FrayRun run = new FrayRun(
                name,
                (int) tests.finished().count(),
                first,
                Outcome.of(cause.orElse(null)),
                cause.map(FrayRun::firstLine).orElse(""),
                time);
        run.writeRow();
        return run;
    }

    /** The row of docs/fray-comparison.md's per-run table, also printed. */
    String row() {
        String schedules = firstFailure.isPresent() ? "red at " + firstFailure.getAsInt() : "green, " + schedulesRun;
        return "| " + name + " | " + outcome + " | " + schedules + " | "
                + String.format("%.1f s", time.toMillis() / 1000.0) + " | " + failure.replace("|", "\\|") + " |";
    }

    private void writeRow() {
        System.out.println("FRAY " + row());
        try {
            Files.createDirectories(ROWS);
            Files.writeString(ROWS.resolve(name.replaceAll("[^A-Za-z0-9]+", "-") + ".md"), row() + "\n");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int invocation(UniqueId id) {
        String value = id.getLastSegment().getValue();
        return Integer.parseInt(value.substring(value.indexOf('#') + 1));
    }

    /** The error that made the schedule fail: an instance's own, under the wrappers that carried it out. */
    private static Throwable cause(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null
                && root.getCause() != root
                && !String.valueOf(root.getMessage()).startsWith(TwoInstances.GAVE_UP)) {
            root = root.getCause();
        }
        return root;
    }

    private static String firstLine(Throwable cause) {
        String message = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
