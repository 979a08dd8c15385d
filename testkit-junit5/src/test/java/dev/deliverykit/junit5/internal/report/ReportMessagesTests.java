package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportMessagesTests {

    private static final Path REPORT = Path.of("build/a/report.json");

    @Test
    void badField() {
        String problem = ReportMessages.fieldProblem(
                "tests[0].cases[1].outcome", Optional.of("\"EXPLODED\""), "one of PASSED, FAILED", List.of("0.1.0"));

        assertThat(ReportMessages.badField(REPORT, problem).sentences())
                .isEqualTo("build/a/report.json cannot be read: its field tests[0].cases[1].outcome is \"EXPLODED\","
                        + " where the kit writes one of PASSED, FAILED; DeliveryKit 0.1.0 wrote it. Fix: give the"
                        + " report as the kit wrote it, or run the tests that wrote it again to write it anew.");
    }

    @Test
    void fieldProblemOfTwoKits() {
        assertThat(ReportMessages.fieldProblem(
                        "parts[1].pid", Optional.empty(), "a whole number", List.of("0.1", "0.2")))
                .isEqualTo("its field parts[1].pid is missing, where the kit writes a whole number; DeliveryKit 0.1 and"
                        + " 0.2 wrote it");
    }

    @Test
    void fieldProblemOfNoKit() {
        assertThat(ReportMessages.fieldProblem("pid", Optional.of("null"), "a whole number", List.of()))
                .isEqualTo("its field pid is null, where the kit writes a whole number; the report names no kit"
                        + " version that wrote it");
    }
}
