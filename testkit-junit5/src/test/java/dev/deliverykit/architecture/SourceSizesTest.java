package dev.deliverykit.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The size rules of {@link SourceSizes} on the kit's own sources, and shown failing on a tree that breaks both. */
class SourceSizesTest {

    @Test
    void theKitsMainSourcesKeepBothRules() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve(SourceSizes.API_PACKAGE)).isDirectory();

        assertThat(SourceSizes.violations(root)).isEmpty();
    }

    @Test
    void aLongClassAndACrowdedApiPackageAreCaught(@TempDir Path root) throws IOException {
        Path engine = Files.createDirectories(root.resolve("testkit-core/src/main/java/dev/deliverykit/boundary"));
        Files.write(engine.resolve("Long.java"), Collections.nCopies(451, "//"));
        Files.write(engine.resolve("Fits.java"), Collections.nCopies(450, "//"));
        Path api = Files.createDirectories(root.resolve(SourceSizes.API_PACKAGE));
        for (int i = 0; i <= 40; i++) {
            Files.writeString(api.resolve("Api" + i + ".java"), "//");
        }
        Files.writeString(Files.createDirectories(api.resolve("internal")).resolve("Room.java"), "//");

        assertThat(SourceSizes.violations(root))
                .containsExactly(
                        "testkit-core/src/main/java/dev/deliverykit/boundary/Long.java has 451 lines, more than 450:"
                                + " split it by job",
                        "testkit-junit5/src/main/java/dev/deliverykit/junit5 holds 41 files, more than 40: move what"
                                + " users do not name into a room under internal");
    }
}
