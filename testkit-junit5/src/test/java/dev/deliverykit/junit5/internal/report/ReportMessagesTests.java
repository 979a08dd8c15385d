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

    @Test
    void unnamedObservation() {
        assertThat(ReportMessages.unnamedObservation()).isEqualTo("an observation needs a name, such as \"effects\"");
    }

    @Test
    void unlabelledAttachment() {
        assertThat(ReportMessages.unlabelledAttachment())
                .isEqualTo("an attachment needs a label, such as \"child stdout\"");
    }

    @Test
    void attachmentUnwritable() {
        assertThat(ReportMessages.attachmentUnwritable(
                        "child stdout", "[1] crash after commit #1", Path.of("/tmp/report/1-stdout.txt")))
                .isEqualTo("DeliveryKit could not write the attachment \"child stdout\" of [1] crash after commit #1"
                        + " to /tmp/report/1-stdout.txt; check that the report directory (deliverykit.report.dir)"
                        + " is writable");
    }

    @Test
    void directoryUnwritable() {
        assertThat(ReportMessages.directoryUnwritable(Path.of("/tmp/report")))
                .isEqualTo("DeliveryKit could not write its report into /tmp/report; check that the directory"
                        + " (deliverykit.report.dir) is writable");
    }

    @Test
    void notJsonValue() {
        assertThat(ReportMessages.notJsonValue("java.lang.Object", "x"))
                .isEqualTo("the report holds no java.lang.Object: x");
    }

    @Test
    void notJson() {
        assertThat(ReportMessages.notJson("end of text where a value belongs", 12))
                .isEqualTo("not the report's JSON: end of text where a value belongs at character 12");
    }

    @Test
    void styleMissing() {
        assertThat(ReportMessages.styleMissing("dev.deliverykit.junit5.internal.report.ReportHtml"))
                .isEqualTo("report.css is missing beside dev.deliverykit.junit5.internal.report.ReportHtml");
    }

    @Test
    void styleUnreadable() {
        assertThat(ReportMessages.styleUnreadable("dev.deliverykit.junit5.internal.report.ReportHtml"))
                .isEqualTo("could not read report.css beside dev.deliverykit.junit5.internal.report.ReportHtml");
    }
}
