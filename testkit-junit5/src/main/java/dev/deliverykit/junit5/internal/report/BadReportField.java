package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.internal.text.Message;
import java.nio.file.Path;
import java.util.List;

/**
 * A report whose field the reader cannot do without is missing or holds what the kit never writes there: a whole
 * number, or one of an enum's names. It names the field, what it held and the kits that wrote the report (its cause
 * says the same as data), and the reader of a report file adds which file ({@link #message(Path)}).
 */
final class BadReportField extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * @param kits the versions of the kit that wrote the report, as its header names them; none when it names none
     */
    BadReportField(UnexpectedValue unexpected, List<String> kits) {
        super(
                ReportMessages.fieldProblem(unexpected.field(), unexpected.found(), unexpected.expected(), kits),
                unexpected);
    }

    /** The whole message about the report {@code file}. */
    Message message(Path file) {
        return ReportMessages.badField(file, getMessage());
    }
}
