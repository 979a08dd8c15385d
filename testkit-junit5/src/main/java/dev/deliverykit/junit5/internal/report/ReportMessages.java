package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.internal.text.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The messages of a report file that the kit cannot read back. */
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
}
