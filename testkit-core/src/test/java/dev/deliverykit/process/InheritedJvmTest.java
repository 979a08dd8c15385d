package dev.deliverykit.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InheritedJvmTest {

    @Test
    void aClassListBeingWrittenIsNotPassedOnWhileTheOtherOptionsAre(@TempDir Path dir) {
        Path classList = dir.resolve("classes.lst");

        ChildResult result = ChildJvm.mainClass(InheritedOptionsChild.class)
                .jvmArgs("-XX:DumpLoadedClassList=" + classList, "-Dshop.db=h2", "-Xss2m")
                .run();

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.stdoutLines()).contains("-Dshop.db=h2", "-Xss2m");
        assertThat(result.stdoutLines()).noneMatch(option -> option.startsWith("-XX:DumpLoadedClassList"));
        assertThat(Files.exists(classList)).isTrue();
    }
}
