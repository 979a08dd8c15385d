package dev.deliverykit.boundary;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import java.util.List;

/** The messages of a crash set up wrong, thrown before anything runs: a name, a workload or a setting. */
final class SetupMessages {

    private SetupMessages() {}

    /** {@code name} is not a boundary of {@code catalogue}. */
    static Message unknownBoundary(String catalogue, String name, List<String> knownNames) {
        return Message.of(
                "Unknown boundary \"" + name + "\" in catalogue \"" + catalogue + "\". Known boundaries: "
                        + (knownNames.isEmpty() ? "none" : String.join(", ", knownNames)),
                "one of these names",
                "correct the name, or add the boundary with BoundaryCatalogue.builder(\"" + catalogue + "\").add(\""
                        + name + "\", selector)");
    }

    /** A child JVM cannot create {@code workload} itself. */
    static Message notRunnableInChild(Class<?> workload) {
        return Message.of(
                workload.getName() + " cannot be run in a child JVM: the child creates the workload itself, so it must"
                        + " be a public, non-abstract, top-level or static nested class with a public no-argument"
                        + " constructor",
                null,
                "make it so, and pass data as arguments");
    }

    /** The system property {@code property} is set to {@code configured}, which is no duration. */
    static Message unusableDuration(String property, String configured) {
        return Message.of(
                "-D" + property + "=" + configured + " cannot be used: expected " + DurationText.EXPECTED,
                null,
                "correct or remove the system property");
    }
}
