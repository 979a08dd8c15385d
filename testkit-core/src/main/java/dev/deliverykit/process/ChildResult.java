package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;

/**
 * How a child JVM ended: its exit code and everything it printed.
 *
 * @param exitCode the process exit code ({@code 0} for a normal end)
 * @param stdout everything the child wrote to standard output
 * @param stderr everything the child wrote to standard error
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ChildResult(int exitCode, String stdout, String stderr) {

    /** The standard output split into lines, without line terminators; empty lines at the end dropped. */
    public List<String> stdoutLines() {
        return stdout.isEmpty() ? List.of() : Arrays.asList(stdout.strip().split("\\R"));
    }

    /**
     * The end of what the child printed, for a failure message: the last {@code maxLines} lines of stdout and of
     * stderr, each under a header that says how many lines were left out.
     */
    public String tail(int maxLines) {
        if (maxLines < 1) {
            throw new IllegalArgumentException(ChildJvmMessages.tailBelowOne(maxLines));
        }
        return "exit code " + exitCode + "\n" + tailOf("stdout", stdout, maxLines) + tailOf("stderr", stderr, maxLines);
    }

    private static String tailOf(String name, String text, int maxLines) {
        List<String> lines = text.isEmpty() ? List.of() : Arrays.asList(text.split("\\R", -1));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines = lines.subList(0, lines.size() - 1);
        }
        if (lines.isEmpty()) {
            return "--- " + name + ": empty ---\n";
        }
        int from = Math.max(0, lines.size() - maxLines);
        String header = from == 0
                ? "--- " + name + " ---\n"
                : "--- " + name + ", last " + (lines.size() - from) + " of " + lines.size() + " lines ---\n";
        return header + String.join("\n", lines.subList(from, lines.size())) + "\n";
    }

    @Override
    public String toString() {
        return "exit code " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
    }
}
