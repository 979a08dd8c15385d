package dev.deliverykit.benchmarks.process;

import dev.deliverykit.boundary.BoundaryEngine;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The jar to start JVMs with as {@code -javaagent}: the testkit-core jar (what users pass), or, when the kit
 * runs from a classes directory (an IDE), the byte-buddy-agent jar, which the engine also accepts.
 *
 * <pre>{@code
 * AgentJar agent = AgentJar.locate();
 * agent.option();   // "-javaagent:/.../testkit-core-0.1.0-SNAPSHOT.jar"
 * }</pre>
 *
 * @param path the jar
 * @param kind which agent it is
 */
public record AgentJar(Path path, Kind kind) {

    /** Which jar. */
    public enum Kind {
        /** testkit-core's own jar: Premain-Class KitAgent. */
        KIT_JAR,
        /** byte-buddy-agent's jar, when no kit jar exists. */
        BYTE_BUDDY_AGENT_JAR,
        /** A one-class agent whose premain does nothing ({@link EmptyAgent}): what any agent costs. */
        EMPTY_AGENT_JAR
    }

    /** Finds the jar on this JVM's class path. */
    public static AgentJar locate() {
        Path kit = codeSource(BoundaryEngine.class);
        if (kit.toString().endsWith(".jar") && Files.isRegularFile(kit)) {
            return new AgentJar(kit, Kind.KIT_JAR);
        }
        Path byteBuddy = codeSource(byteBuddyAgent());
        if (byteBuddy.toString().endsWith(".jar") && Files.isRegularFile(byteBuddy)) {
            return new AgentJar(byteBuddy, Kind.BYTE_BUDDY_AGENT_JAR);
        }
        throw new IllegalStateException("neither testkit-core (" + kit + ") nor byte-buddy-agent (" + byteBuddy
                + ") is a jar on the class path, so no JVM can be started with -javaagent. Run the benchmarks through"
                + " Maven (see benchmarks/README.md), which puts the packaged testkit-core jar on the class path.");
    }

    /** The JVM option. */
    public String option() {
        return "-javaagent:" + path;
    }

    /** By name: the compiler need not read byte-buddy-agent's class files (their annotations it lacks). */
    private static Class<?> byteBuddyAgent() {
        try {
            return Class.forName("net.bytebuddy.agent.ByteBuddyAgent");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("byte-buddy-agent is not on the class path; testkit-core depends on it", e);
        }
    }

    private static Path codeSource(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from", e);
        }
    }
}
