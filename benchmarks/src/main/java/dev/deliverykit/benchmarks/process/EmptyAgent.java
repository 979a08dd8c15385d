package dev.deliverykit.benchmarks.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * An agent whose premain does nothing: a JVM started with it pays what any {@code -javaagent} costs (the JVM then
 * builds its module graph itself, and opens and reads one more jar), the floor under B4's agent-only figure.
 *
 * <pre>{@code
 * AgentJar empty = EmptyAgent.writeJar(scratch.root());
 * empty.option();   // "-javaagent:/tmp/.../empty-agent.jar"
 * }</pre>
 */
public final class EmptyAgent {

    private EmptyAgent() {}

    /** Does nothing. */
    public static void premain(String arguments, Instrumentation instrumentation) {}

    /** Writes a jar of this one class, with it as its {@code Premain-Class}, into {@code directory}. */
    public static AgentJar writeJar(Path directory) {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), EmptyAgent.class.getName());
        Path jar = directory.resolve("empty-agent.jar");
        String entry = EmptyAgent.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream bytes = EmptyAgent.class.getClassLoader().getResourceAsStream(entry)) {
            if (bytes == null) {
                throw new IllegalStateException(entry + " is not on the class path: the benchmarks' own jar is");
            }
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the empty agent's jar " + jar, e);
        }
        return new AgentJar(jar, AgentJar.Kind.EMPTY_AGENT_JAR);
    }
}
