package dev.deliverykit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * What a child JVM inherits from this one so that it is the same JVM, reborn: this JVM's command-line options
 * ({@code -javaagent}, {@code --add-opens}, {@code -D...}, {@code -Xmx}, the module path) and the system properties
 * set while it runs ({@code System.setProperty}, surefire's {@code systemPropertyVariables}), as {@code -D} options.
 * The class path, the {@code java} binary, the environment and the working directory are inherited by
 * {@link ChildJvm} itself.
 *
 * <pre>{@code
 * List<String> options = InheritedJvm.ofThisJvm().without(List.of("-Xmx", "-Dshop.db")).options();
 * ChildJvm.mainClass(Worker.class).jvmArgs(options.toArray(new String[0])).run();
 * }</pre>
 *
 * <p>Left out, because they would break the child or belong to this JVM alone: a debugger agent
 * ({@code -agentlib:jdwp}, {@code -Xrunjdwp}, {@code -Xdebug}: its port is taken), {@code -Djava.io.tmpdir} (every child
 * gets its own temporary directory, removed after it exits), {@code -XX:DumpLoadedClassList} (the child would write
 * over this JVM's list), and the properties the JVM sets itself
 * ({@code java.*}, {@code jdk.*}, {@code sun.*}, {@code os.*}, {@code user.*}, {@code file.*}, {@code line.separator},
 * {@code path.separator}, {@code native.encoding}, {@code stdout.encoding}, {@code stderr.encoding}) unless they were
 * given on the command line.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InheritedJvm {

    private static final List<String> NEVER_INHERITED = List.of(
            "-agentlib:jdwp",
            "-Xrunjdwp",
            "-Xdebug",
            "-Djava.io.tmpdir=",
            "-XX:DumpLoadedClassList=",
            "-Ddeliverykit.child.plan=",
            "-Ddeliverykit.child.report=");
    private static final List<String> JVM_OWNED_PROPERTY_PREFIXES =
            List.of("java.", "jdk.", "sun.", "os.", "user.", "file.", "awt.");
    private static final Set<String> JVM_OWNED_PROPERTIES =
            Set.of("line.separator", "path.separator", "native.encoding", "stdout.encoding", "stderr.encoding");

    private final List<String> commandLine;
    private final List<String> runtimeProperties;

    private InheritedJvm(List<String> commandLine, List<String> runtimeProperties) {
        this.commandLine = List.copyOf(commandLine);
        this.runtimeProperties = List.copyOf(runtimeProperties);
    }

    /** This JVM's options and system properties, as they are now. */
    public static InheritedJvm ofThisJvm() {
        List<String> commandLine = new ArrayList<>();
        Set<String> givenProperties = new TreeSet<>();
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (NEVER_INHERITED.stream().noneMatch(option::startsWith)) {
                commandLine.add(option);
            }
            if (option.startsWith("-D")) {
                int equals = option.indexOf('=');
                givenProperties.add(equals < 0 ? option.substring(2) : option.substring(2, equals));
            }
        }
        String modulePath = System.getProperty("jdk.module.path");
        if (modulePath != null && !modulePath.isEmpty() && !hasModulePathOption(commandLine)) {
            commandLine.add("--module-path=" + modulePath);
        }
        List<String> runtime = new ArrayList<>();
        Properties properties = System.getProperties();
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (!givenProperties.contains(key) && !jvmOwned(key)) {
                runtime.add("-D" + key + "=" + properties.getProperty(key));
            }
        }
        return new InheritedJvm(commandLine, runtime);
    }

    private static boolean hasModulePathOption(List<String> options) {
        return options.stream()
                .anyMatch(option -> option.equals("-p")
                        || option.startsWith("--module-path")
                        || option.startsWith("-Djdk.module.path="));
    }

    private static boolean jvmOwned(String key) {
        return JVM_OWNED_PROPERTIES.contains(key)
                || JVM_OWNED_PROPERTY_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /**
     * These options without those that start with any of {@code prefixes}: {@code "-Xmx"} drops the heap size,
     * {@code "-Dshop.db"} the property {@code shop.db} (given on the command line or set at run time), {@code "-"}
     * everything.
     */
    public InheritedJvm without(List<String> prefixes) {
        Objects.requireNonNull(prefixes, "prefixes");
        return new InheritedJvm(kept(commandLine, prefixes), kept(runtimeProperties, prefixes));
    }

    private static List<String> kept(List<String> options, List<String> prefixes) {
        return options.stream()
                .filter(option -> prefixes.stream().noneMatch(option::startsWith))
                .toList();
    }

    /** This JVM's command-line options, but those left out: they are fixed when a JVM starts. */
    public List<String> commandLineOptions() {
        return commandLine;
    }

    /**
     * The system properties set while this JVM runs, as {@code key} to value: a child started before the test
     * needs it (started ahead) sets them once it knows its case.
     */
    public Map<String, String> runtimeProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        for (String option : runtimeProperties) {
            int equals = option.indexOf('=');
            properties.put(option.substring(2, equals), option.substring(equals + 1));
        }
        return properties;
    }

    /** The options to start the child with: this JVM's command-line options, then its run-time properties. */
    public List<String> options() {
        List<String> all = new ArrayList<>(commandLine);
        all.addAll(runtimeProperties);
        return List.copyOf(all);
    }

    @Override
    public String toString() {
        return "InheritedJvm" + options();
    }
}
