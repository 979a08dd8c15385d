package dev.deliverykit.benchmarks.process;

import java.util.ArrayList;
import java.util.List;

/**
 * A named set of child JVM options, one variant of a startup measurement.
 *
 * <pre>{@code
 * JvmFlags c1 = JvmFlags.of("C1 only", "-XX:TieredStopAtLevel=1");
 * c1.with("-javaagent:kit.jar");   // the agent first, then the variant's options
 * }</pre>
 *
 * @param name    how the variant is called in the results
 * @param options the JVM options
 */
public record JvmFlags(String name, List<String> options) {

    /** A variant. */
    public static JvmFlags of(String name, String... options) {
        return new JvmFlags(name, List.of(options));
    }

    /** A variant from a list. */
    public static JvmFlags of(String name, List<String> options) {
        return new JvmFlags(name, List.copyOf(options));
    }

    /** {@code first} followed by this variant's options, as an array for the launchers. */
    public String[] with(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(options);
        return all.toArray(new String[0]);
    }
}
