package dev.deliverykit.internal.instrument;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import net.bytebuddy.agent.Installer;

/** The JVM options that give a child JVM the kit's agent the way this JVM got it. */
final class ChildAgentOptions {

    private ChildAgentOptions() {}

    /**
     * The same {@code -javaagent} (only the kit's own or byte-buddy-agent's, never unrelated agents), or else
     * permission to attach dynamically without a warning.
     */
    static List<String> childJvmOptions() {
        List<String> options = new ArrayList<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (argument.startsWith("-javaagent:") && isEngineAgent(argument.substring("-javaagent:".length()))) {
                options.add(argument);
            }
        }
        if (options.isEmpty()) {
            options.add("-Djdk.attach.allowAttachSelf=true");
            if (Runtime.version().feature() >= 21) {
                options.add(AgentInstallation.DYNAMIC_LOADING_FLAG);
            }
        }
        return options;
    }

    private static boolean isEngineAgent(String option) {
        int equals = option.indexOf('=');
        Path jar = Path.of(equals < 0 ? option : option.substring(0, equals));
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            String premain = file.getManifest() == null
                    ? null
                    : file.getManifest().getMainAttributes().getValue("Premain-Class");
            // byte-buddy-agent's jar counts only if its Installer is the one the kit reads its Instrumentation
            // from: in the kit's jar that Installer is relocated, so a user's byte-buddy-agent is not passed on.
            return KitAgent.class.getName().equals(premain)
                    || Installer.class.getName().equals(premain);
        } catch (IOException unreadable) {
            return false;
        }
    }
}
