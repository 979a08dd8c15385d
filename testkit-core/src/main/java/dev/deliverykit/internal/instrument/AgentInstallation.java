package dev.deliverykit.internal.instrument;

import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.Optional;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * Obtains the JVM's {@link Instrumentation} once: from the kit's own {@code -javaagent}, from an agent
 * already installed through byte-buddy-agent, or by attaching to this JVM. On JDK 21 and later a
 * dynamic attach prints one warning that says how to avoid it.
 *
 * @param instrumentation the instrumentation
 * @param source where it came from
 * @param installTime how long obtaining it took
 */
record AgentInstallation(Instrumentation instrumentation, AgentSource source, Duration installTime) {

    static final String DYNAMIC_LOADING_FLAG = "-XX:+EnableDynamicAgentLoading";

    static AgentInstallation obtain() {
        long start = System.nanoTime();
        Instrumentation own = KitAgent.instrumentation();
        if (own != null) {
            return new AgentInstallation(own, AgentSource.KIT_JAVAAGENT, Duration.ofNanos(System.nanoTime() - start));
        }
        try {
            Instrumentation shared = ByteBuddyAgent.getInstrumentation();
            return new AgentInstallation(
                    shared, AgentSource.BYTE_BUDDY_AGENT, Duration.ofNanos(System.nanoTime() - start));
        } catch (IllegalStateException notInstalled) {
            // Neither agent is present: attach to ourselves below.
        }
        Instrumentation attached;
        try {
            attached = ByteBuddyAgent.install();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(
                    AgentMessages.attachFailed(e.getMessage(), javaagentOption())
                            .sentences(),
                    e);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        if (Runtime.version().feature() >= 21 && !dynamicLoadingAllowedExplicitly()) {
            System.err.println(dynamicAttachWarning());
            System.err.flush();
        }
        return new AgentInstallation(attached, AgentSource.SELF_ATTACHED, took);
    }

    /** The one warning printed after a dynamic self-attach on JDK 21+. */
    static String dynamicAttachWarning() {
        return AgentMessages.dynamicAttach(javaagentOption(), DYNAMIC_LOADING_FLAG)
                .sentences();
    }

    /** {@code -javaagent:} with the kit's jar if it runs from one, or a placeholder naming it. */
    static String javaagentOption() {
        return "-javaagent:" + kitJar().map(Path::toString).orElse("<path to testkit-core jar>");
    }

    private static Optional<Path> kitJar() {
        CodeSource source = KitAgent.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(source.getLocation().toURI());
            return path.toString().endsWith(".jar") ? Optional.of(path) : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static boolean dynamicLoadingAllowedExplicitly() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().contains(DYNAMIC_LOADING_FLAG);
    }
}
