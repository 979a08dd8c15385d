package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunFileMessagesTests {

    @Test
    void noDirectory() {
        assertThat(RunFileMessages.noDirectory())
                .isEqualTo("could not create a directory for the child's plan and report");
    }

    @Test
    void unreadableLine() {
        assertThat(RunFileMessages.unreadableLine("plan", Path.of("/tmp/run/plan.tsv"), List.of("armed", "x")))
                .isEqualTo("unreadable plan line in /tmp/run/plan.tsv: [armed, x]");
    }

    @Test
    void unreadable() {
        assertThat(RunFileMessages.unreadable(Path.of("/tmp/run/report.tsv")))
                .isEqualTo("could not read the run file /tmp/run/report.tsv");
    }

    @Test
    void unwritable() {
        assertThat(RunFileMessages.unwritable(Path.of("/tmp/run/plan.tsv")))
                .isEqualTo("could not write the run file /tmp/run/plan.tsv");
    }
}
