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

    @Override
    public String toString() {
        return "exit code " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
    }
}
