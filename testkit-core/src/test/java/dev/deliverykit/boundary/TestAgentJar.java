package dev.deliverykit.boundary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A jar with testkit-core's agent manifest and no classes, for {@code -javaagent} in child JVMs of tests:
 * the classes come from the class path (testkit-core's own jar does not exist yet when its tests run); the
 * manifest is the one maven-jar-plugin writes into that jar.
 */
final class TestAgentJar {

    private TestAgentJar() {}

    /** Writes {@code agent.jar} into {@code dir} and returns its path. */
    static Path in(Path dir) throws IOException {
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.putValue("Premain-Class", "dev.deliverykit.internal.instrument.KitAgent");
        attributes.putValue("Agent-Class", "dev.deliverykit.internal.instrument.KitAgent");
        attributes.putValue("Can-Retransform-Classes", "true");
        attributes.putValue("Can-Redefine-Classes", "true");
        Path jar = dir.resolve("agent.jar");
        // A jar of nothing but its manifest: closing the stream writes it.
        new JarOutputStream(Files.newOutputStream(jar), manifest).close();
        return jar;
    }
}
