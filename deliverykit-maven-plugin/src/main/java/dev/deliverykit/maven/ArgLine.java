package dev.deliverykit.maven;

import java.nio.file.Path;

/** The JVM options of a test JVM as surefire's and failsafe's {@code argLine} holds them, and the agent added. */
final class ArgLine {

    private ArgLine() {}

    /**
     * The options {@code existing} (null when the property is not defined) followed by {@code -javaagent:} the jar,
     * unless they hold that exact option already (the goal run twice). After, not before: JaCoCo's prepare-agent puts
     * its agent first, so either order of the two goals gives the same line.
     */
    static String withAgent(String existing, Path jar) {
        String agent = agentOption(jar);
        if (existing == null || existing.isBlank()) {
            return agent;
        }
        if (existing.contains(agent)) {
            return existing;
        }
        return existing.strip() + " " + agent;
    }

    /** Quoted when the path has a space: surefire splits the line at spaces outside quotes. */
    static String agentOption(Path jar) {
        String option = "-javaagent:" + jar.toAbsolutePath();
        return option.chars().anyMatch(Character::isWhitespace) ? '"' + option + '"' : option;
    }
}
