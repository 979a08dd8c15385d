package dev.deliverykit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The classes the children's archive leaves out, and the class list lines the dump is given without them. */
class MultiReleaseClassesTest {

    @TempDir
    Path dir;

    @Test
    void theVersionedClassesOfAMultiReleaseJarAreLeftOutWithTheirLambdas() throws IOException {
        Path multiRelease = jar(
                "driver.jar",
                true,
                "org/db/Driver.class",
                "org/db/Cleaner.class",
                "META-INF/versions/11/org/db/Cleaner.class",
                "META-INF/versions/11/org/db/Cleaner$Wrapper.class",
                "META-INF/versions/9/module-info.class");
        Path plain = jar("plain.jar", false, "org/lib/Pool.class", "META-INF/versions/11/org/lib/Pool.class");
        Path classList = dir.resolve("child.classlist");
        Files.writeString(
                classList,
                String.join(
                        "\n",
                        "# NOTE: Do not modify this file.",
                        "java/lang/Object id: 0",
                        "org/db/Driver",
                        "org/db/Cleaner",
                        "org/db/Cleaner$Wrapper",
                        "@lambda-proxy org/db/Cleaner register ()Ljava/lang/Runnable;",
                        "@lambda-proxy org/db/Driver execute ()Ljava/util/concurrent/Executor;",
                        "@lambda-proxy org/lib/Pool get ()Ljava/util/function/Supplier;",
                        "@lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L_L",
                        "org/lib/Pool",
                        "org/lib/Half"));

        boolean dumpable =
                ClassDataSharing.dumpableLines(classList, MultiReleaseClasses.of(List.of(multiRelease, plain)));

        assertThat(dumpable).isTrue();
        assertThat(Files.readString(classList))
                .isEqualTo(String.join(
                        "\n",
                        "# NOTE: Do not modify this file.",
                        "java/lang/Object id: 0",
                        "org/db/Driver",
                        "@lambda-proxy org/db/Driver execute ()Ljava/util/concurrent/Executor;",
                        "@lambda-proxy org/lib/Pool get ()Ljava/util/function/Supplier;",
                        "org/lib/Pool",
                        ""));
    }

    private Path jar(String name, boolean multiRelease, String... entries) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (multiRelease) {
            manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
        }
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (String entry : entries) {
                out.putNextEntry(new JarEntry(entry));
                out.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
                out.closeEntry();
            }
        }
        return jar;
    }
}
