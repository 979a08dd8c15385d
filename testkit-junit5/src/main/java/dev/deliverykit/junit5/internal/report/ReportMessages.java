package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.internal.text.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The messages of a report that the kit cannot read back, or cannot write: its fields, its JSON, its directory and the
 * observations and attachments a case adds to it.
 */
final class ReportMessages {

    private ReportMessages() {}

    /**
     * A field of a report that is missing or holds what the kit never writes there.
     *
     * @param field where the field is, such as {@code tests[0].cases[2].outcome}
     * @param found what the field held, as JSON; empty when it is missing
     * @param expected what the kit writes there, such as {@code a whole number}
     * @param kits the versions of the kit that wrote the report; none when the report names none
     */
    static String fieldProblem(String field, Optional<String> found, String expected, List<String> kits) {
        return "its field " + field + " is " + found.orElse("missing") + ", where the kit writes " + expected + "; "
                + (kits.isEmpty()
                        ? "the report names no kit version that wrote it"
                        : "DeliveryKit " + String.join(" and ", kits) + " wrote it");
    }

    /** The report {@code file} cannot be read because of {@code problem}, as {@link #fieldProblem} says it. */
    static Message badField(Path file, String problem) {
        return Message.of(
                file + " cannot be read: " + problem,
                null,
                "give the report as the kit wrote it, or run the tests that wrote it again to write it anew");
    }

    /** An observation with a blank name. */
    static String unnamedObservation() {
        return "an observation needs a name, such as \"effects\"";
    }

    /** An attachment with a blank label. */
    static String unlabelledAttachment() {
        return "an attachment needs a label, such as \"child stdout\"";
    }

    /** The attachment {@code label} of {@code caseName} could not be written to {@code file}. */
    static String attachmentUnwritable(String label, String caseName, Path file) {
        return "DeliveryKit could not write the attachment \"" + label + "\" of " + caseName + " to " + file
                + "; check that the report directory (deliverykit.report.dir) is writable";
    }

    /** The report could not be written into {@code directory}. */
    static String directoryUnwritable(Path directory) {
        return "DeliveryKit could not write its report into " + directory
                + "; check that the directory (deliverykit.report.dir) is writable";
    }

    /** A value of type {@code type}, which the report's JSON does not hold. */
    static String notJsonValue(String type, Object value) {
        return "the report holds no " + type + ": " + value;
    }

    /** The text is not the report's JSON: {@code what} at character {@code at}. */
    static String notJson(String what, int at) {
        return "not the report's JSON: " + what + " at character " + at;
    }

    /** The report's style sheet is missing beside {@code type}. */
    static String styleMissing(String type) {
        return "report.css is missing beside " + type;
    }

    /** The report's style sheet beside {@code type} could not be read. */
    static String styleUnreadable(String type) {
        return "could not read report.css beside " + type;
    }
}
